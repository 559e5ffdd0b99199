import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { requestJson } from "@/components/data/api";
import type { ValidationResults } from "@/lib/contract/schema";
import { canonicalizeValue } from "@/lib/trace/canonical-json";
import { collectClientCalls, type ClientCall } from "@/lib/trace/client-calls";
import type { TraceEvent } from "@/lib/trace/events";
import type { ArgumentCheck } from "@/lib/trace/graph/graph-state";

type Verdict = NonNullable<ReturnType<ArgumentCheck>>;

/** The batch form of `POST /api/schema/validate` accepts at most this many inputs. */
const MAX_BATCH = 1000;

/** The calls grouped by schema (one batch request each), in first-seen order. */
export function groupBySchema(calls: readonly ClientCall[]): { schema: unknown; calls: ClientCall[] }[] {
  const groups = new Map<string, { schema: unknown; calls: ClientCall[] }>();
  for (const call of calls) {
    const key = canonicalizeValue(call.schema);
    const group = groups.get(key) ?? { schema: call.schema, calls: [] };
    if (group.calls.length < MAX_BATCH) group.calls.push(call);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Checks every captured client call's arguments against the client's own schema, on the server
 * (ajv stays there: `POST /api/schema/validate`, one batch per schema), for the graph's validate
 * stage. Until the answer comes the check says `null` (not known yet). A session without client
 * calls asks nothing.
 */
export function useClientChecks(events: readonly TraceEvent[]): ArgumentCheck {
  const calls = useMemo(() => collectClientCalls(events), [events]);
  const groups = useMemo(() => groupBySchema(calls), [calls]);
  const query = useQuery({
    queryKey: [
      "client-checks",
      groups.map((group) => group.calls.map((call) => call.id).join(",")).join(";"),
    ],
    queryFn: async (): Promise<Map<string, Verdict>> => {
      const verdicts = new Map<string, Verdict>();
      for (const group of groups) {
        const { results } = await requestJson<ValidationResults>("/api/schema/validate", {
          method: "POST",
          body: { schema: group.schema, inputs: group.calls.map((call) => call.input) },
        });
        group.calls.forEach((call, index) => {
          const result = results[index];
          if (result) verdicts.set(call.id, result);
        });
      }
      return verdicts;
    },
    enabled: groups.length > 0,
    staleTime: Infinity,
    retry: false,
  });
  const verdicts = query.data;
  return useMemo<ArgumentCheck>(() => (call) => verdicts?.get(call.id) ?? null, [verdicts]);
}
