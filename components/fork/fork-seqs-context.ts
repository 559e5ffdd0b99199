import { useParams } from "next/navigation";
import { createContext, useContext } from "react";
import type { TraceEvent } from "@/lib/trace/events";
import { mapMessageForkSeqs } from "@/lib/trace/fork-points";

/**
 * The fork seq of each transcript message of the session on the page, by message index
 * (`readForkSeqs` of its cached log), or `null` outside a session page. One value for every
 * "Fork here" button: a button reads its own entry instead of each running a query observer on
 * the session's cache entry (hundreds of cards in a long session; a jump mounts new ones).
 */
export const ForkSeqsContext = createContext<readonly (number | null)[] | null>(null);

/** The seq to fork at after message `number` (from 1), or `null` when it ends at no fork point. */
export function useForkSeq(number: number): number | null {
  return useContext(ForkSeqsContext)?.[number - 1] ?? null;
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
