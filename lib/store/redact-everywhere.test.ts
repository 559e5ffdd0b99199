/**
 * Redaction reaches every string a session keeps: object keys as well as values (a schema's
 * property names, a model's argument names), and the session row's title and provider, which the
 * sessions list serves without going through the event log. Both were gaps found by the planted
 * secret check (app/api/planted-secret.test.ts).
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { EventBus } from "./bus";
import type { EventStore } from "./event-store";
import { createRedactor, REDACTED } from "./redact";
import { storeEngines } from "./testing/engines";

const KEY = "configured-provider-key-0123456789";
const redact = createRedactor([KEY]);

describe("createRedactor", () => {
  it("redacts object keys, at any depth, as well as values", () => {
    expect(redact({ [KEY]: 1, nested: [{ [`x ${KEY} y`]: KEY }] })).toEqual({
      [REDACTED]: 1,
      nested: [{ [`x ${REDACTED} y`]: REDACTED }],
    });
    expect(redact({ AKIAABCDEFGHIJKLMNOP: true })).toEqual({ [REDACTED]: true });
    // Two keys that redact alike: the last one's value stays.
    expect(redact({ [KEY]: 1, AKIAABCDEFGHIJKLMNOP: 2 })).toEqual({ [REDACTED]: 2 });
  });

  it("keeps `__proto__` an ordinary key, redacted or not", () => {
    const value = JSON.parse(`{"__proto__": {"${KEY}": 1}}`) as unknown;
    const out = redact(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toEqual({ [REDACTED]: 1 });
  });
});

describe.each(storeEngines())("the session row on $name", (engine) => {
  let store: EventStore;
  beforeEach(async () => {
    await engine.fresh();
    store = engine.open(new EventBus(), redact, () => 1);
  });
  afterAll(() => engine.dispose());

  it("keeps its title and provider redacted, at creation and on every change", () => {
    store.createSession({
      id: "s1",
      title: `Key ${KEY}`,
      provider: { kind: "offline", baseURL: `https://x.example/?k=${KEY}` },
    });
    expect(store.getSession("s1")).toMatchObject({
      title: `Key ${REDACTED}`,
      provider: { kind: "offline", baseURL: `https://x.example/?k=${REDACTED}` },
    });
    store.updateTitle("s1", `Again ${KEY}`);
    store.updateProvider("s1", { kind: "anthropic", model: KEY });
    expect(store.listSessions()).toMatchObject([
      { title: `Again ${REDACTED}`, provider: { kind: "anthropic", model: REDACTED } },
    ]);
  });
});
