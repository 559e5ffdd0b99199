import "server-only";
import type { SseEvent } from "@/lib/protocol/sse";
import type { WireTap } from "./types";

/** A wire tap that also folds the events of the current attempt with our own accumulator. */
export interface AssemblingTap<S> {
  tap: WireTap;
  /** The fold of the current attempt's events so far. */
  read(): S;
}

/**
 * Wraps `tap` so each event is also folded with `reduce`, starting over from `start()` at every
 * attempt (a retry streams the whole turn again). The fold keeps each tool's arguments exactly
 * as streamed, which the SDKs' own accumulators may repair or re-serialize.
 */
export function createAssemblingTap<S>(
  tap: WireTap,
  start: () => S,
  reduce: (state: S, event: SseEvent) => S,
): AssemblingTap<S> {
  let state = start();
  return {
    tap: {
      turn: tap.turn,
      onAttempt(attempt) {
        state = start();
        tap.onAttempt(attempt);
      },
      onResponse: (response) => tap.onResponse(response),
      onEvent(event) {
        state = reduce(state, event);
        return tap.onEvent(event);
      },
      onAttemptError: (failure) => tap.onAttemptError(failure),
    },
    read: () => state,
  };
}
