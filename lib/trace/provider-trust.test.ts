import { describe, expect, it } from "vitest";
import type { ProviderConfig } from "./config";
import type { NewEvent } from "./events";
import { findHeldProviderURL, listHeldBaseURLs, listNamedBaseURLs, usesBaseURL } from "./provider-trust";
import { buildLog, sessionCreated } from "./testing/build-log";

const EVIL = "http://127.0.0.1:39556";
const created = (provider: ProviderConfig): NewEvent => {
  const event = sessionCreated() as Extract<NewEvent, { kind: "session.created" }>;
  return { ...event, config: { ...event.config, provider } };
};
const hold = (baseURL: string): NewEvent => ({
  kind: "provider.trust",
  baseURL,
  trusted: false,
  reason: "r",
});
const trust = (baseURL: string): NewEvent => ({
  kind: "provider.trust",
  baseURL,
  trusted: true,
  reason: "ok",
});
const configured = (before: ProviderConfig, after: ProviderConfig): NewEvent => ({
  kind: "session.configured",
  changes: { provider: { before, after } },
});

describe("held base URLs", () => {
  it("a hold lasts until a trust of the same URL; a trust of another URL changes nothing", () => {
    const anthropic: ProviderConfig = { kind: "anthropic", baseURL: EVIL };
    expect(findHeldProviderURL(buildLog([created(anthropic)]))).toBeNull();
    const held = buildLog([created(anthropic), hold(EVIL), trust("http://other")]);
    expect(findHeldProviderURL(held)).toEqual({ baseURL: EVIL, reason: "r", seq: 1 });
    expect(findHeldProviderURL(buildLog([created(anthropic), hold(EVIL), trust(EVIL)]))).toBeNull();
    expect(listHeldBaseURLs(buildLog([created(anthropic), trust(EVIL), hold(EVIL)]))).toHaveLength(1);
  });

  it("only the URL the current provider sends to counts; the offline model sends to none", () => {
    const log = [created({ kind: "anthropic", baseURL: EVIL }), hold(EVIL)];
    const typed: ProviderConfig = { kind: "anthropic", baseURL: "http://typed.example" };
    expect(
      findHeldProviderURL(buildLog([...log, configured({ kind: "anthropic", baseURL: EVIL }, typed)])),
    ).toBeNull();
    expect(findHeldProviderURL(buildLog([...log, configured(typed, { kind: "anthropic" })]))).toBeNull();
    const offline: ProviderConfig = { kind: "offline", baseURL: EVIL };
    expect(usesBaseURL(offline)).toBe(false);
    expect(findHeldProviderURL(buildLog([created(offline), hold(EVIL)]))).toBeNull();
    expect(
      findHeldProviderURL(
        buildLog([created(offline), hold(EVIL), configured(offline, { kind: "openai-chat", baseURL: EVIL })]),
      ),
    ).toMatchObject({ baseURL: EVIL });
  });

  it("lists every base URL a file's provider configs name, before and after, created and fork edits", () => {
    const events = [
      created({ kind: "anthropic", baseURL: "http://a" }),
      configured({ kind: "anthropic", baseURL: "http://b" }, { kind: "openai-chat", baseURL: "http://c" }),
      {
        kind: "session.forked",
        parentId: "p",
        forkSeq: 0,
        edits: { provider: { kind: "anthropic", baseURL: "http://d" } },
      },
      { kind: "session.created", config: { provider: { kind: "anthropic", baseURL: "http://a" } } },
      null,
      "text",
      { kind: "session.configured", changes: "bogus" },
    ];
    expect(listNamedBaseURLs(events)).toEqual(["http://a", "http://b", "http://c", "http://d"]);
  });
});
