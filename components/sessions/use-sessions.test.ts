import { describe, expect, it } from "vitest";
import type { SessionSummary } from "@/lib/contract/sessions";
import {
  buildListQuery,
  choosePollInterval,
  IDLE_POLL_MS,
  LIVE_POLL_MS,
  SESSION_PAGE_SIZE,
} from "./use-sessions";

const summary = (status: SessionSummary["status"]): SessionSummary => ({
  id: "s",
  title: "",
  createdAt: 0,
  provider: { kind: "offline" },
  eventCount: 1,
  status,
  source: "capture",
});

describe("the sessions list's query and polling", () => {
  it("asks for one page, after a cursor, of one source or all", () => {
    expect(buildListQuery(null, null)).toBe(`/api/sessions?limit=${SESSION_PAGE_SIZE}`);
    expect(buildListQuery("capture", null)).toBe(`/api/sessions?limit=${SESSION_PAGE_SIZE}&source=capture`);
    expect(buildListQuery("import", "a b")).toBe(
      `/api/sessions?limit=${SESSION_PAGE_SIZE}&cursor=a+b&source=import`,
    );
  });

  it("polls briskly while a session is running, slowly otherwise", () => {
    expect(choosePollInterval(undefined)).toBe(IDLE_POLL_MS);
    expect(choosePollInterval([summary("finished"), summary("idle")])).toBe(IDLE_POLL_MS);
    expect(choosePollInterval([summary("finished"), summary("running")])).toBe(LIVE_POLL_MS);
    expect(LIVE_POLL_MS).toBeLessThan(IDLE_POLL_MS);
  });
});
