/**
 * The HTTP side of an imported base URL (docs/api.md, "Import" and "Sessions"): a provider config
 * the contract refuses is a 422 naming it with nothing saved; a held base URL makes a run a 409;
 * `POST /api/sessions/:id/provider/trust {}` releases it (200), and is a 400 for any other body.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSession } from "@/lib/agent/export";
import { callRoute, openRouteFixture, type RouteFixture } from "@/lib/server/testing/route-harness";
import { listApiRoutes, type HttpMethod } from "@/lib/server/testing/route-table";

let fixture: RouteFixture;
beforeAll(async () => {
  // A stored key: what an imported base URL must never receive unconfirmed.
  fixture = await openRouteFixture({ ANTHROPIC_API_KEY: "sk-ant-api03-route-test-key-0123456789abcdef" });
}, 60_000);
afterAll(() => fixture.close());

async function call(pattern: string, method: HttpMethod, params: Record<string, string>, body?: unknown) {
  const route = listApiRoutes().find((r) => r.pattern === pattern)!;
  const response = await callRoute(route, method, {
    url: pattern.replace("[id]", params.id ?? ""),
    params,
    headers: { "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

function exportWith(provider: unknown) {
  const exported = exportSession(fixture.runtime, fixture.sessionId);
  if (!exported.ok) throw new Error(exported.problem.error);
  const file = structuredClone(exported.value) as unknown as {
    session: { provider: unknown };
    events: { config?: { provider: unknown } }[];
  };
  file.session.provider = provider;
  file.events[0]!.config!.provider = provider;
  return file;
}

describe("POST /api/import with a provider config", () => {
  it("an unknown kind: 422 naming it, nothing saved (it used to import, then answer 500)", async () => {
    const before = fixture.runtime.store.listSessions().length;
    const answer = await call("/api/import", "POST", {}, exportWith({ kind: "evil" }));
    expect(answer.status).toBe(422);
    expect(answer.json.path).toBe("/events/0/config/provider/kind");
    expect(fixture.runtime.store.listSessions().length).toBe(before);
    const list = await call("/api/sessions", "GET", {});
    expect(list.status).toBe(200);
  });
});

describe("a held base URL over HTTP", () => {
  it("409 on a message until POST .../provider/trust {} → 200, which a bad body cannot do", async () => {
    const baseURL = "http://127.0.0.1:9/never-reached";
    const imported = await call("/api/import", "POST", {}, exportWith({ kind: "anthropic", baseURL }));
    expect(imported.status).toBe(201);
    const id = imported.json.id as string;

    const sent = await call("/api/sessions/[id]/messages", "POST", { id }, { text: "hi" });
    expect(sent.status).toBe(409);
    expect(sent.json.error).toContain(`The base URL ${baseURL} must be trusted first`);

    const trustPattern = "/api/sessions/[id]/provider/trust";
    expect((await call(trustPattern, "POST", { id }, { baseURL: "x" })).status).toBe(400);
    expect((await call(trustPattern, "POST", { id: "ses_nope" }, {})).status).toBe(404);
    const trusted = await call(trustPattern, "POST", { id }, {});
    expect(trusted.status).toBe(200);
    expect(trusted.json).toMatchObject({
      baseURL,
      session: { id, provider: { kind: "anthropic", baseURL } },
    });
    const detail = await call("/api/sessions/[id]", "GET", { id });
    const events = detail.json.events as { kind: string; trusted?: boolean }[];
    expect(events.filter((e) => e.kind === "provider.trust").map((e) => e.trusted)).toEqual([false, true]);
  });
});
