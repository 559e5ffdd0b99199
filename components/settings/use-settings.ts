import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { requestJson } from "@/components/data/api";
import type { SettingsUpdate, SettingsView } from "@/lib/server/settings-view";

export type { KeyStatus, ProviderStatus, SettingsUpdate, SettingsView } from "@/lib/server/settings-view";

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
