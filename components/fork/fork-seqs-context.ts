import { createContext, useContext } from "react";

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
