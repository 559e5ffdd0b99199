import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isApiError, requestJson } from "@/components/data/api";
import { sessionKey, sessionsKey } from "@/components/data/query-keys";
import type { CreatedSession, SessionDetail } from "@/lib/contract/sessions";
import type { Problem as PairingProblem } from "@/lib/protocol/doctor/problems";
import type { ForkEdits } from "./fork-edits";

/** The body of `POST /api/sessions/:id/fork`. */
export interface ForkRequest {
  at: number;
  edits?: ForkEdits;
}

/** What the fork route adds to a refusal: the doctor's findings, the valid seqs for a bad `at`. */
export interface ForkRefusalDetails {
  problems: readonly PairingProblem[];
  validSeqs: readonly number[];
}

/**
 * The extra fields of a refused fork (`ApiError.body`): the pairing doctor's findings for edited
 * messages that break a rule, the valid seqs for a bad `at`; empty lists when absent or not an
 * `ApiError`. `error.path` names the field.
 */
export function readForkRefusal(error: unknown): ForkRefusalDetails {
  const body = isApiError(error) ? error.body : null;
  if (typeof body !== "object" || body === null) return { problems: [], validSeqs: [] };
  const { problems, validSeqs } = body as { problems?: unknown; validSeqs?: unknown };
  return {
    problems: Array.isArray(problems) ? (problems as PairingProblem[]) : [],
    validSeqs: Array.isArray(validSeqs) ? (validSeqs as number[]) : [],
  };
}

/**
 * A slice of the cached session (`GET /api/sessions/:id`, shared with the debugger's query, so
 * it never fetches twice). The component re-renders only when the selected value changes.
 */
export function useSessionSlice<T>(id: string, select: (data: SessionDetail) => T) {
  return useQuery({
    queryKey: sessionKey(id),
    queryFn: () => requestJson<SessionDetail>(`/api/sessions/${encodeURIComponent(id)}`),
    staleTime: Infinity,
    enabled: id !== "",
    select,
  });
}

/**
 * `POST /api/sessions/:id/fork` → the child's id; refreshes the sessions list on success. A
 * refusal is an `ApiError`; `readForkRefusal` reads the fields the route adds.
 */
export function useForkSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ForkRequest) =>
      requestJson<CreatedSession>(`/api/sessions/${encodeURIComponent(id)}/fork`, {
        method: "POST",
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
