/**
 * The session's configuration as of a point in the log: `session.created`, then every
 * `session.configured` applied in order.
 */
import type { SessionConfig } from "./config";
import type { TraceEvent } from "./events";

export function reduceSessionConfig(config: SessionConfig | null, event: TraceEvent): SessionConfig | null {
  if (event.kind === "session.created") return event.config;
  if (event.kind !== "session.configured" || config === null) return config;
  const next: SessionConfig = { ...config };
  for (const [key, change] of Object.entries(event.changes)) {
    if (change) Object.assign(next, { [key]: change.after });
  }
  return next;
}

/** The configuration as of event `upTo` (inclusive), or null before `session.created`. */
export function projectSessionConfig(events: readonly TraceEvent[], upTo = Infinity): SessionConfig | null {
  let config: SessionConfig | null = null;
  for (const event of events) {
    if (event.seq > upTo) break;
    config = reduceSessionConfig(config, event);
  }
  return config;
}

/** The highest turn number used so far (0 before the first turn). */
export function lastTurn(events: readonly TraceEvent[]): number {
  let turn = 0;
  for (const event of events) {
    if (
      (event.kind === "user.message" ||
        event.kind === "request.assembled" ||
        event.kind === "turn.completed") &&
      event.turn > turn
    ) {
      turn = event.turn;
    }
  }
  return turn;
}
