import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams } from "next/navigation";
import { ApiError, requestJson } from "@/components/data/api";
import { sessionKey, sessionsKey, type SessionDetail } from "@/components/data/types";
import type { Problem as PairingProblem } from "@/lib/protocol/doctor/problems";
import type { TraceEvent } from "@/lib/trace/events";
import { mapMessageForkSeqs } from "@/lib/trace/fork-points";
import type { ForkEdits } from "./fork-edits";

/** The body of `POST /api/sessions/:id/fork`. */
export interface ForkRequest {
  at: number;
  edits?: ForkEdits;
}

/**
 * A refused fork, with what the server sent beside its `error`: the pairing doctor's findings
 * for edited messages that break a rule, the valid seqs for a bad `at`. `path` names a field.
 */
export class ForkRefusal extends ApiError {
  readonly problems: readonly PairingProblem[];
  readonly validSeqs: readonly number[];

  constructor(
    status: number,
    body: { error?: unknown; path?: unknown; problems?: unknown; validSeqs?: unknown },
  ) {
    super(
      status,
      typeof body.error === "string" ? body.error : `HTTP ${status}`,
      typeof body.path === "string" ? body.path : undefined,
    );
    this.name = "ForkRefusal";
    this.problems = Array.isArray(body.problems) ? (body.problems as PairingProblem[]) : [];
    this.validSeqs = Array.isArray(body.validSeqs) ? (body.validSeqs as number[]) : [];
  }
}

/**
 * `POST /api/sessions/:id/fork`. Like `requestJson`, but a refusal keeps the fields the fork
 * route adds to its error (`problems`, `validSeqs`), which the dialog shows.
 */
async function postFork(id: string, body: ForkRequest): Promise<{ id: string }> {
  let response: Response;
  try {
    response = await fetch(`/api/sessions/${encodeURIComponent(id)}/fork`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
    });
  } catch (cause) {
    throw new ApiError(0, cause instanceof Error ? cause.message : String(cause));
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok)
    throw new ForkRefusal(response.status, typeof json === "object" && json !== null ? json : {});
  return json as { id: string };
}

const forkSeqsByLog = new WeakMap<readonly TraceEvent[], (number | null)[]>();

/** The fork seq per message index for one cached log, computed once per log array. */
export function readForkSeqs(events: readonly TraceEvent[]): (number | null)[] {
  let seqs = forkSeqsByLog.get(events);
  if (!seqs) {
    seqs = mapMessageForkSeqs(events);
    forkSeqsByLog.set(events, seqs);
  }
  return seqs;
}

/** The id of the session the page shows (`/sessions/:id`), or "" elsewhere. */
export function useRouteSessionId(): string {
  const params = useParams<{ id?: string | string[] }>();
  const id = params?.id;
  return typeof id === "string" ? id : "";
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

/** `POST /api/sessions/:id/fork` → the child's id; refreshes the sessions list on success. */
export function useForkSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ForkRequest) => postFork(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
