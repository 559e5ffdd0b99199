import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { requestJson } from "@/components/data/api";
import type { Diagnostic } from "./group-diagnostics";
import { useDebouncedValue } from "./use-debounced-value";

/** How long the text must rest before it is linted again. */
export const LINT_DEBOUNCE_MS = 300;

const PROVIDERS = ["anthropic", "openai", "openai-strict"] as const;

/**
 * `POST /api/schema/lint` for all three providers on the definition being edited, once the text
 * has rested {@link LINT_DEBOUNCE_MS}. `tool` is the parsed text, or `null` while it is not a
 * definition (nothing is sent then; the last answer stays until a new one arrives).
 */
export function useToolLint(tool: object | null) {
  const body = useDebouncedValue(tool === null ? null : JSON.stringify(tool), LINT_DEBOUNCE_MS);
  return useQuery({
    queryKey: ["schema-lint", body],
    queryFn: () =>
      requestJson<{ diagnostics: Diagnostic[] }>("/api/schema/lint", {
        method: "POST",
        body: { tool: JSON.parse(body as string) as unknown, providers: PROVIDERS },
      }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}
