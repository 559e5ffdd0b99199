import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { requestJson } from "@/components/data/api";
import type { ValidationResults } from "@/lib/contract/schema";
import {
  pairCurrentVerdicts,
  selectValidatableCalls,
  type RecordedCall,
  type RevalidationAnswer,
} from "./recorded-calls";
import { useDebouncedValue } from "./use-debounced-value";

const NO_ANSWER: RevalidationAnswer = { callIds: [], results: [] };

/** How long the schema must rest before the recorded calls are validated again. */
export const REVALIDATE_DEBOUNCE_MS = 400;

/** The batch form of `POST /api/schema/validate` accepts at most this many inputs. */
export const MAX_BATCH = 1000;

/**
 * Validates every recorded call of a tool again against `schema` (the `input_schema` being
 * edited, or `null` while the text is not a definition) through the batch form of
 * `POST /api/schema/validate` — ajv stays on the server. Debounced; the last verdicts stay
 * while a new answer is on its way. Only the first {@link MAX_BATCH} parseable calls are sent.
 */
export function useRevalidation(schema: object | null, calls: readonly RecordedCall[]) {
  const sent = useMemo(() => selectValidatableCalls(calls).slice(0, MAX_BATCH), [calls]);
  const schemaText = useDebouncedValue(
    schema === null ? null : JSON.stringify(schema),
    REVALIDATE_DEBOUNCE_MS,
  );
  const query = useQuery({
    queryKey: ["schema-revalidate", schemaText, sent.map((call) => call.callId)],
    queryFn: async (): Promise<RevalidationAnswer> => {
      const { results } = await requestJson<ValidationResults>("/api/schema/validate", {
        method: "POST",
        body: {
          schema: JSON.parse(schemaText as string) as unknown,
          inputs: sent.map((call) => call.arguments),
        },
      });
      return { callIds: sent.map((call) => call.callId), results };
    },
    enabled: schemaText !== null && sent.length > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  const verdicts = useMemo(() => pairCurrentVerdicts(calls, query.data ?? NO_ANSWER), [calls, query.data]);
  return { verdicts, pending: query.isFetching, error: query.error };
}
