import "server-only";
import { freezeDeep } from "@/lib/protocol/json-value";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import type { Redactor } from "./redact";

/** An event as a store appends it: enveloped, redacted and frozen, with the JSON text it stores. */
export interface SealedEvent {
  event: TraceEvent;
  body: string;
}

/**
 * Gives `event` its envelope, redacts it and freezes it, and returns it with its stored text. The
 * text is written once: where the redactor's screen says redacting would change nothing (nearly
 * every event), the event is a copy of the caller's — never their objects — equal to what a later
 * read returns: the enveloped copy itself when every value is a string, a finite number, a boolean
 * or `null` (a `wire.event`: JSON writes and reads such values back unchanged), else that text
 * parsed back. Either way no string is walked through every secret form and pattern. Any other
 * event is redacted as before and written again.
 */
export function sealEvent(
  redact: Redactor,
  event: NewEvent,
  envelope: { seq: number; at: number; sessionId: string },
): SealedEvent {
  // Object.assign, not a spread with added keys: on Node 20 that spread is ~10× slower.
  const draft = Object.assign({}, event, envelope) as TraceEvent;
  const text = JSON.stringify(draft);
  const screen = redact.mayRewriteJson;
  if (screen && !screen(text)) {
    const copy = isFlatJson(draft) ? draft : (JSON.parse(text) as TraceEvent);
    return { event: freezeDeep(copy), body: text };
  }
  const redacted = freezeDeep(redact(draft));
  return { event: redacted, body: JSON.stringify(redacted) };
}

/** Whether every value of `record` reads back from its JSON text as it is (no object, array, `undefined`, NaN, ±Infinity or -0). */
function isFlatJson(record: object): boolean {
  // A `__proto__` key Object.assign took as a prototype would leave its fields out of the text.
  if (Object.getPrototypeOf(record) !== Object.prototype) return false;
  for (const key in record) {
    const value = (record as Record<string, unknown>)[key];
    switch (typeof value) {
      case "string":
      case "boolean":
        continue;
      case "number":
        if (!Number.isFinite(value) || Object.is(value, -0)) return false;
        continue;
      default:
        if (value !== null) return false;
    }
  }
  return true;
}
