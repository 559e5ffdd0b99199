import { describe, expect, it } from "vitest";
import type { NewEvent } from "@/lib/trace/events";
import { createRedactor } from "./redact";
import { sealEvent } from "./seal";

const redact = createRedactor(["a-known-secret-123"]);
const ENVELOPE = { seq: 4, at: 1_700_000_000_000, sessionId: "ses_1" };
const wireEvent = (data: string, receivedAt = 1_700_000_000_001): NewEvent => ({
  kind: "wire.event",
  turn: 1,
  attempt: 1,
  index: 0,
  event: null,
  data,
  receivedAt,
});

describe("sealEvent", () => {
  it("returns a frozen copy of a flat event, equal to what its stored text reads back as", () => {
    const event = wireEvent('{"type":"ping"}');
    const sealed = sealEvent(redact, event, ENVELOPE);
    expect(sealed.event).toEqual(JSON.parse(sealed.body));
    expect(Object.keys(sealed.event)).toEqual(Object.keys(JSON.parse(sealed.body) as object));
    expect(sealed.event).not.toBe(event);
    expect(Object.isFrozen(sealed.event)).toBe(true);
    expect(Object.isFrozen(event)).toBe(false);
  });

  it("reads back a value JSON does not keep as it is (-0, NaN, undefined) from the stored text", () => {
    for (const receivedAt of [-0, Number.NaN, Number.POSITIVE_INFINITY, undefined as unknown as number]) {
      const sealed = sealEvent(redact, wireEvent("x", receivedAt), ENVELOPE);
      expect(sealed.event).toStrictEqual(JSON.parse(sealed.body));
    }
  });

  it("copies nested values, never the caller's objects", () => {
    const body = { messages: [{ role: "user", content: "hi" }] };
    const event: NewEvent = {
      kind: "request.assembled",
      turn: 1,
      attempt: 1,
      format: "anthropic",
      body,
      tokens: { tools: 0, system: 0, messages: 1, total: 1, tokenizer: "t" },
    };
    const sealed = sealEvent(redact, event, ENVELOPE);
    expect(sealed.event).toEqual(JSON.parse(sealed.body));
    expect((sealed.event as { body: unknown }).body).not.toBe(body);
    expect(Object.isFrozen(body)).toBe(false);
  });

  it("redacts a known secret in a flat event", () => {
    const sealed = sealEvent(redact, wireEvent("key a-known-secret-123"), ENVELOPE);
    expect(sealed.body).not.toContain("a-known-secret-123");
    expect((sealed.event as { data: string }).data).toBe("key [REDACTED]");
  });
});
