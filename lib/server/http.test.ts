import { describe, expect, it } from "vitest";
import type { HealthReply } from "@/lib/contract/health";
import type { SessionList } from "@/lib/contract/sessions";
import { errorResponse, jsonResponse } from "@/lib/server/http";

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
