import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/components/data/api";
import { sessionsKey } from "@/components/data/query-keys";

import { parseJson } from "@/lib/protocol/json-value";

/** `POST /api/import`'s answer (docs/api.md, "Import"). */
export interface ImportResult {
  id: string;
  detected: { format: string; provider: string };
  notes: string[];
}

/** Whether `text` is a JSON document: it is then sent as `application/json`, anything else as `text/plain`. */
export function readContentType(text: string): "application/json" | "text/plain" {
  return parseJson(text) === undefined ? "text/plain" : "application/json";
}

/** Sends pasted or file text to `POST /api/import` as is. Throws `ApiError` with the server's `error` (e.g. a 422). */
export async function postImport(text: string): Promise<ImportResult> {
  let response: Response;
  try {
    response = await fetch("/api/import", {
      method: "POST",
      headers: { accept: "application/json", "content-type": readContentType(text) },
      body: text,
      cache: "no-store",
    });
  } catch (cause) {
    throw new ApiError(0, cause instanceof Error ? cause.message : String(cause));
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const { error, path } = (typeof body === "object" && body !== null ? body : {}) as {
      error?: unknown;
      path?: unknown;
    };
    throw new ApiError(
      response.status,
      typeof error === "string" ? error : `HTTP ${response.status}`,
      typeof path === "string" ? path : undefined,
    );
  }
  return body as ImportResult;
}

/** The import as a mutation; a success refreshes the sessions list. */
export function useImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
