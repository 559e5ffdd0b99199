import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { requestJson } from "@/components/data/api";
import type { SettingsView, UpdateSettingsBody } from "@/lib/contract/settings";

export type { KeyStatus, ProviderStatus, SettingsView } from "@/lib/contract/settings";
/** `PUT /api/settings`'s body. */
export type SettingsUpdate = UpdateSettingsBody;

export const settingsKey = ["settings"] as const;

/** `GET /api/settings`: masked key status, defaults, and which providers can run. */
export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => requestJson<SettingsView>("/api/settings"),
  });
}

/** `PUT /api/settings`; the answer (the same masked view) replaces the cached one. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SettingsUpdate) =>
      requestJson<SettingsView>("/api/settings", { method: "PUT", body: update }),
    onSuccess: (view) => queryClient.setQueryData(settingsKey, view),
  });
}
