/**
 * Where a lesson's steps point in the log. Pure: the guide pane and the lesson tests
 * find a step's event the same way.
 */
import type { EventKind, TraceEvent } from "./events";

/**
 * Where a step points: the first event after the previous step's event (or from the start of
 * the log, for the first step) whose `kind` matches and whose fields contain `fields` — a deep
 * partial match: objects match key by key, everything else by equality.
 */
export interface StepMatch {
  kind: EventKind;
  fields?: Record<string, unknown>;
  /**
   * Text that top-level string fields must contain, for values too long to give whole — e.g.
   * `{ data: '"input_json_delta"' }` for a `wire.event`'s raw data, `{ content: "Unknown tool" }`
   * for a result. A field that is not a string never matches.
   */
  includes?: Record<string, string>;
  /**
   * Top-level fields that may hold any of several values — the branches a person can take, e.g.
   * `{ decision: ["approve", "edit"] }` — so a step matches on what its concept needs, not on
   * the one path its author took.
   */
  anyOf?: Record<string, readonly unknown[]>;
}

/** A step as `GET /api/scenarios/:id?lang=…` serves it: one language. */
export interface LessonStepView {
  /** `event:<kind>`, `node:<stage>` or `block:<type>` (docs/api.md). */
  target: string;
  match: StepMatch;
  text: string;
}

/** Whether `actual` contains `expected`: objects key by key (recursively), else `Object.is`. */
export function containsFields(actual: unknown, expected: unknown): boolean {
  if (typeof expected !== "object" || expected === null || Array.isArray(expected))
    return Array.isArray(expected)
      ? JSON.stringify(actual) === JSON.stringify(expected)
      : Object.is(actual, expected);
  if (typeof actual !== "object" || actual === null) return false;
  const record = actual as Record<string, unknown>;
  return Object.entries(expected).every(([key, value]) => containsFields(record[key], value));
}

/** Whether `event` is one `match` points at: its kind, its fields, and the texts it includes. */
export function matchesStep(event: TraceEvent, match: StepMatch): boolean {
  if (event.kind !== match.kind || !containsFields(event, match.fields ?? {})) return false;
  const record = event as unknown as Record<string, unknown>;
  const branches = Object.entries(match.anyOf ?? {});
  if (!branches.every(([key, values]) => values.some((value) => containsFields(record[key], value))))
    return false;
  return Object.entries(match.includes ?? {}).every(([key, text]) => {
    const value = Object.hasOwn(record, key) ? record[key] : undefined;
    return typeof value === "string" && value.includes(text);
  });
}

/**
 * The seq of each step's event in `events`, in order; `null` from the first step whose event is
 * not in the log yet (every later step is `null` too, since steps are found one after another).
 */
export function locateSteps(
  events: readonly TraceEvent[],
  steps: readonly { match: StepMatch }[],
): (number | null)[] {
  const found: (number | null)[] = [];
  let from = 0;
  for (const step of steps) {
    const index = from < 0 ? -1 : events.findIndex((event, i) => i >= from && matchesStep(event, step.match));
    found.push(index < 0 ? null : events[index]!.seq);
    from = index < 0 ? -1 : index + 1;
  }
  return found;
}
