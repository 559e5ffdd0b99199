/**
 * Bodies nested deeper than any real one (arguments 10,000 deep, a tool schema or a mock result
 * 5,000 deep) are a 400 naming where the nesting goes too deep, not a 500 from a stack overflow
 * further in; a fault delay no timer can wait is a 400 naming the field, not a 1 ms delay. The
 * schema routes still give a verdict on a schema of any depth (app/api/schema/route-fuzz.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BODY_MAX_DEPTH } from "@/lib/server/body";
import {
  callRoute,
  openRouteFixture,
  snapshotState,
  type RouteFixture,
} from "@/lib/server/testing/route-harness";
import { fillRoute, listApiRoutes, type HttpMethod } from "@/lib/server/testing/route-table";

let fixture: RouteFixture;
beforeAll(async () => {
  fixture = await openRouteFixture();
});
afterAll(() => fixture.close());

/** `{"a":{"a":…leaf…}}`, `depth` objects deep, as text (building it as a value would overflow too). */
function nest(depth: number, leaf = "1"): string {
  return `${'{"a":'.repeat(depth)}${leaf}${"}".repeat(depth)}`;
}

/** The pointer `findTooDeep` names for `nest()` under `base`: one `/a` per level up to the limit. */
const tooDeepAt = (base: string) =>
  `${base}${"/a".repeat(DEFAULT_BODY_MAX_DEPTH - base.split("/").length + 1)}`;

async function send(pattern: string, method: HttpMethod, body: string) {
  const route = listApiRoutes().find((r) => r.pattern === pattern)!;
  const before = snapshotState(fixture);
  const response = await callRoute(route, method, {
    url: fillRoute(pattern, fixture.params),
    params: fixture.params,
    headers: { "content-type": "application/json" },
    body,
  });
  const answer = {
    status: response.status,
    json: (await response.json()) as { error: string; path: string },
  };
  expect(snapshotState(fixture)).toEqual(before);
  return answer;
}

describe("a body nested too deep", () => {
  it("pipeline arguments 10,000 deep: 400 naming the path", async () => {
    const body = `{"calls":[{"id":"c1","name":"calculator","arguments":${nest(10_000)}}]}`;
    const answer = await send("/api/pipeline", "POST", body);
    expect(answer.status).toBe(400);
    expect(answer.json.path).toBe(tooDeepAt("/calls/0/arguments"));
    expect(answer.json.error).toContain(`more than ${DEFAULT_BODY_MAX_DEPTH} levels`);
  });

  it.each([
    [
      "a tool's input_schema",
      (deep: string) => `{"name":"t","input_schema":${deep}}`,
      "/tools/0/input_schema",
    ],
    [
      "a tool's mock.result",
      (deep: string) =>
        `{"name":"t","input_schema":{"type":"object"},"mock":{"kind":"static","result":${deep}}}`,
      "/tools/0/mock/result",
    ],
  ])("%s 5,000 deep, at session create and PATCH: 400 naming the path", async (_what, tool, base) => {
    const body = `{"tools":[${tool(nest(5_000))}]}`;
    for (const [pattern, method] of [
      ["/api/sessions", "POST"],
      ["/api/sessions/[id]", "PATCH"],
    ] as const) {
      const answer = await send(pattern, method, body);
      expect(answer).toEqual({ status: 400, json: { error: expect.any(String), path: tooDeepAt(base) } });
    }
  });
});

describe("a fault delay no timer can wait", () => {
  it.each([
    ["delayMs", 2 ** 31, "/provider/faults/0/delayMs"],
    ["retryAfter", 2 ** 31, "/provider/faults/0/retryAfter"],
  ])("%s %d: 400 naming the field", async (field, value, path) => {
    const body = JSON.stringify({
      provider: { kind: "offline", faults: [{ kind: "overloaded", [field]: value }] },
    });
    const answer = await send("/api/sessions", "POST", body);
    expect(answer).toEqual({ status: 400, json: { error: expect.stringContaining("at most"), path } });
  });
});
