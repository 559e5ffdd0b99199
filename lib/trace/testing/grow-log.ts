/** A long log from a short real one, for benches and tests of long sessions. Test-only; no server code. */
import type { TraceEvent } from "@/lib/trace/events";

/**
 * Grows a real session to at least `size` events by repeating its runs — every event after
 * `session.created`, copy after copy, with later turn numbers, fresh run and call ids and later
 * times — and stops at the first run boundary past `size`, so no run is cut.
 */
export function growEvents(events: readonly TraceEvent[], size: number): TraceEvent[] {
  const [created, ...runs] = events;
  const turns = Math.max(...runs.map((event) => ("turn" in event ? Number(event.turn) : 0)));
  const span = runs.at(-1)!.at - created!.at + 1_000;
  const grown: TraceEvent[] = [created!];
  for (let copy = 0; grown.length < size; copy++) {
    const text = JSON.stringify(runs)
      .replaceAll(/"turn":(\d+)/g, (_match, turn: string) => `"turn":${Number(turn) + copy * turns}`)
      .replaceAll(/(toolu_[A-Za-z0-9_]+)/g, `$1_${copy}`)
      .replaceAll(/(run_[A-Za-z0-9_-]+)/g, `$1_${copy}`);
    for (const event of JSON.parse(text) as TraceEvent[]) {
      if (grown.length >= size && event.kind === "run.started") return grown;
      grown.push({ ...event, seq: grown.length, at: event.at + copy * span });
    }
  }
  return grown;
}

/** The grown session as an export file for `POST /api/import`. */
