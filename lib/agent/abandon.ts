import "server-only";
import { refuse, type Outcome } from "./outcome";

/**
 * Long work done for a request stops when the client goes away: it yields to the event loop
 * between pieces (so an abort can be seen, and other requests run meanwhile) and checks the
 * request's signal. Nothing here knows HTTP: the signal is any `AbortSignal`.
 */

/** Lets every pending callback run (an abort among them) before the work goes on. */
export function yieldTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The refusal for work whose caller went away. */
export function abandoned(): Outcome<never> {
  return refuse("abandoned", "The request was abandoned by its client; the work was stopped.");
}

/** How many events a request reads (and redacts) between two yields. */
export const EVENT_PAGE = 500;
