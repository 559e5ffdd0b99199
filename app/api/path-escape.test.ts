/**
 * Path-escape attempts through the API, in every path argument of every built-in tool: the
 * stateless pipeline, a replay of a recorded call with new arguments, and a run whose user
 * message names an escaping path. Each is blocked at preflight, and no workspace change is ever
 * recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listBuiltinTools } from "@/lib/tools/registry";
import { listPathArgumentCases, PATH_ATTACKS } from "@/lib/pipeline/testing/path-attacks";
import { callRoute, openRouteFixture, type RouteFixture } from "@/lib/server/testing/route-harness";
import { fillRoute, listApiRoutes } from "@/lib/server/testing/route-table";
import type { TraceEvent } from "@/lib/trace/events";

const routes = new Map(listApiRoutes().map((route) => [route.pattern, route]));
const cases = listPathArgumentCases(listBuiltinTools().map((tool) => tool.definition));

let fixture: RouteFixture;
beforeAll(async () => {
  fixture = await openRouteFixture();
});
afterAll(() => fixture.close());

async function post(pattern: string, body: unknown, params: Record<string, string> = fixture.params) {
  const route = routes.get(pattern);
  if (!route) throw new Error(`no route ${pattern}`);
  const response = await callRoute(route, "POST", {
    url: fillRoute(pattern, params),
    params,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface PipelineAnswer {
  calls: { stages: { stage: string; status: string }[]; result: { isError: boolean; errorKind?: string } }[];
}

const blockedAtPreflight = (stages: { stage: string; status: string }[]) =>
  stages.filter((s) => s.status !== "running" && s.status !== "skipped").map((s) => `${s.stage}:${s.status}`);

describe.each(cases.map((c) => [`${c.tool}.${c.argument}`, c] as const))(
  "POST /api/pipeline: %s",
  (_label, { tool, buildArguments }) => {
    it("blocks every escape at preflight, in one batch, with nothing executed", async () => {
      const calls = PATH_ATTACKS.map(([, attack], index) => ({
        id: `c${index}`,
        name: tool,
        arguments: buildArguments(attack),
      }));
      const answer = await post("/api/pipeline", { calls, policy: { batch: "independent" } });
      expect(answer.status).toBe(200);
      const results = (answer.body as unknown as PipelineAnswer).calls.map((call, index) => [
        PATH_ATTACKS[index]?.[0],
        blockedAtPreflight(call.stages),
        call.result.errorKind,
      ]);
      expect(results).toEqual(
        PATH_ATTACKS.map(([name]) => [
          name,
          ["lookup:ok", "prepare:ok", "validate:ok", "preflight:blocked", "normalize:ok"],
          "blocked_by_policy",
        ]),
      );
    });
  },
);

describe("POST /api/sessions/:id/calls/:callId/replay", () => {
  it.each(cases.map((c) => [`${c.tool}.${c.argument}`, c] as const))(
    "blocks every escape in %s and records no workspace change",
    async (_label, { tool, buildArguments }) => {
      const changesBefore = countChanges(fixture.runtime.store.events(fixture.sessionId));
      for (const [name, attack] of PATH_ATTACKS) {
        const answer = await post("/api/sessions/[id]/calls/[callId]/replay", {
          arguments: buildArguments(attack),
          tool: { builtin: tool },
        });
        const result = answer.body.result as { errorKind?: string } | undefined;
        expect([name, answer.status, result?.errorKind]).toEqual([name, 200, "blocked_by_policy"]);
      }
      expect(countChanges(fixture.runtime.store.events(fixture.sessionId))).toBe(changesBefore);
    },
  );
});

describe("POST /api/sessions/:id/messages", () => {
  it("runs a message that asks for an escaping path: the call is blocked, the run ends, nothing changes", async () => {
    const created = await post("/api/sessions", {}, {});
    const id = created.body.id as string;
    const sent = await post("/api/sessions/[id]/messages", { text: "What is in ../../etc/passwd?" }, { id });
    expect(sent.status).toBe(202);
    await fixture.runtime.runs.get(id)?.done;
    const events = fixture.runtime.store.events(id);
    const calls = events.flatMap((e) => (e.kind === "turn.completed" ? e.unified.content : []));
    expect(calls.flatMap((block) => (block.type === "toolCall" ? [block.arguments] : []))).toContainEqual({
      path: "../../etc/passwd",
    });
    const results = events.flatMap((e) => (e.kind === "tool.result" ? [e.errorKind] : []));
    expect(results).toContain("blocked_by_policy");
    expect(countChanges(events)).toBe(0);
  });
});

function countChanges(events: readonly TraceEvent[]): number {
  return events.filter((event) => event.kind === "workspace.changed").length;
}
