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
 * every event), the event is that text parsed back — a copy of the caller's objects, never them,
 * and exactly what a later read returns — instead of a walk of every string through every secret
 * form and pattern. Any other event is redacted as before and written again.
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
  if (screen && !screen(text)) return { event: freezeDeep(JSON.parse(text) as TraceEvent), body: text };
  const redacted = freezeDeep(redact(draft));
  return { event: redacted, body: JSON.stringify(redacted) };
}
