import { describe, expect, it } from "vitest";
import type { HealthReply } from "@/lib/contract/health";
import type { SessionList } from "@/lib/contract/sessions";
import { errorResponse, jsonResponse, streamJsonResponse } from "@/lib/server/http";

describe("jsonResponse", () => {
  it("sends JSON with no-store and the security headers", async () => {
    const response = jsonResponse<HealthReply>({ ok: true, version: "1" }, 201, { "X-Extra": "1" });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true, version: "1" });
    expect(Object.fromEntries(response.headers)).toEqual({
      "cache-control": "no-store",
      "content-type": "application/json",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "x-extra": "1",
    });
  });

  it("defaults to 200", () => {
    expect(jsonResponse<SessionList>({ sessions: [] }).status).toBe(200);
  });
});

describe("errorResponse", () => {
  it("produces { error, ...extra } with no-store", async () => {
    const response = errorResponse(400, "/text must be a string", { path: "/text" });
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "/text must be a string", path: "/text" });
  });

  it("omits path when there is none", async () => {
    expect(await errorResponse(404, "No session abc").json()).toEqual({ error: "No session abc" });
  });
});

describe("streamJsonResponse", () => {
  function* numberedPages(read: { pages: number; closed: boolean }) {
    try {
      for (let page = 0; page < 5; page++) {
        read.pages++;
        yield [`{"n":${page * 2}}`, `{"n":${page * 2 + 1}}`];
      }
    } finally {
      read.closed = true;
    }
  }

  it("writes the fields and every page as one JSON document", async () => {
    const read = { pages: 0, closed: false };
    const response = streamJsonResponse<SessionList, "sessions">({}, "sessions", numberedPages(read));
    const body = JSON.parse(await response.text()) as { sessions: { n: number }[] };
    expect(body.sessions.map((event) => event.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(read).toEqual({ pages: 5, closed: true });
  });

  it("writes ASCII only: fields and items with non-ASCII text parse back to the same values", async () => {
    const items = [{ text: "café 😀" }, { text: "→ “quoted” \ud800" }];
    const response = streamJsonResponse<SessionList, "sessions">(
      { nextCursor: "ü" } as never,
      "sessions",
      [items.map((item) => JSON.stringify(item))][Symbol.iterator](),
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.every((byte) => byte < 0x80)).toBe(true);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({ nextCursor: "ü", sessions: items });
  });

  it("reads no more pages once its reader cancels (a client that went away)", async () => {
    const read = { pages: 0, closed: false };
    const response = streamJsonResponse<SessionList, "sessions">({}, "sessions", numberedPages(read));
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(read.closed).toBe(true);
    expect(read.pages).toBeLessThan(5);
  });
});
