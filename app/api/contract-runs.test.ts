import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "@/lib/agent/sessions";
import { ErrorBody } from "@/lib/contract/errors";
import { ScenarioDetail, ScenarioList } from "@/lib/contract/lessons";
import { PipelineReply } from "@/lib/contract/pipeline";
import { ReplayReply } from "@/lib/contract/replay";
import { BreakpointsReply, CallStatusReply, ControlReply } from "@/lib/contract/runs";
import { LintReply, ValidateReply } from "@/lib/contract/schema";
import { SettingsView } from "@/lib/contract/settings";
import { expectConforming } from "@/lib/server/testing/contract-check";
import { openRouteFixture, type RouteFixture } from "@/lib/server/testing/route-harness";
import type { ToolDefinition } from "@/lib/trace/config";
import type { EventOf, TraceEvent } from "@/lib/trace/events";
import { POST as runPipeline } from "./pipeline/route";
import { GET as getScenario } from "./scenarios/[id]/route";
import { GET as listScenarios } from "./scenarios/route";
import { POST as lint } from "./schema/lint/route";
import { POST as validate } from "./schema/validate/route";
import { PUT as setBreakpoints } from "./sessions/[id]/breakpoints/route";
import { POST as decide } from "./sessions/[id]/calls/[callId]/decision/route";
import { POST as replay } from "./sessions/[id]/calls/[callId]/replay/route";
import { POST as typeResult } from "./sessions/[id]/calls/[callId]/result/route";
import { POST as control } from "./sessions/[id]/control/route";
import { POST as sendMessage } from "./sessions/[id]/messages/route";
import { GET as getSettings } from "./settings/route";

let fixture: RouteFixture;
// Opening the fixture runs a whole offline session; a loaded machine can need more than the default 10 s.
beforeAll(async () => {
  fixture = await openRouteFixture();
}, 60_000);
afterAll(() => fixture.close());

const url = (path: string) => `http://127.0.0.1:3000${path}`;
const json = (method: string, body: unknown) =>
  new Request(url("/api/x"), {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });

function newSession(tools?: ToolDefinition[]): string {
  const created = createSession(fixture.runtime, tools ? { tools } : {});
  if (!created.ok) throw new Error(created.problem.error);
  return created.value.id;
}

/** The first event of `kind` in the session's log that passes `test`, waiting for it if needed. */
function waitFor<K extends TraceEvent["kind"]>(
  id: string,
  kind: K,
  test: (event: EventOf<K>) => boolean = () => true,
): Promise<EventOf<K>> {
  const match = (event: TraceEvent): event is EventOf<K> => event.kind === kind && test(event as EventOf<K>);
  const found = fixture.runtime.store.events(id).find(match);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const stop = fixture.runtime.bus.subscribe(id, (event) => {
      if (!match(event)) return;
      stop();
      resolve(event);
    });
  });
}

describe("the run routes answer exactly what lib/contract declares", () => {
  it("breakpoints, then control on the paused run", async () => {
    const id = newSession();
    await expectConforming(
      await setBreakpoints(json("PUT", { beforeExecute: true }), params({ id })),
      200,
      BreakpointsReply,
    );
    await sendMessage(json("POST", { text: "What is in notes/todo.md?" }), params({ id }));
    await waitFor(id, "run.paused");
    const stepped = await expectConforming<ControlReply>(
      await control(json("POST", { action: "continue" }), params({ id })),
      200,
      ControlReply,
    );
    expect(stepped.runId).toMatch(/\S/);
    await fixture.runtime.runs.get(id)?.done;
    await expectConforming(await control(json("POST", { action: "pause" }), params({ id })), 409, ErrorBody);
  });

  it("a decision for a call that waits for approval, and a typed manual result", async () => {
    const approvalId = newSession([
      {
        name: "approve_payment",
        description: "Approve a payment.",
        input_schema: { type: "object", properties: {} },
        meta: { needsApproval: true },
        mock: { kind: "static", result: "paid" },
      },
    ]);
    await sendMessage(json("POST", { text: "Please approve the payment" }), params({ id: approvalId }));
    const waiting = await waitFor(approvalId, "run.paused", (event) => event.reason === "approval");
    await expectConforming(
      await decide(
        json("POST", { decision: "approve" }),
        params({ id: approvalId, callId: waiting.callId! }),
      ),
      200,
      CallStatusReply,
    );
    await fixture.runtime.runs.get(approvalId)?.done;

    const manualId = newSession([
      {
        name: "ask_human",
        description: "Ask a human.",
        input_schema: { type: "object", properties: {} },
        mock: { kind: "manual" },
      },
    ]);
    await sendMessage(json("POST", { text: "Ask a human" }), params({ id: manualId }));
    const asking = await waitFor(manualId, "run.paused", (event) => event.reason === "manual-result");
    await expectConforming(
      await typeResult(json("POST", { content: "42" }), params({ id: manualId, callId: asking.callId! })),
      200,
      CallStatusReply,
    );
    await fixture.runtime.runs.get(manualId)?.done;
  });

  it("replay of a recorded call", async () => {
    const body = await expectConforming<ReplayReply>(
      await replay(json("POST", {}), params({ id: fixture.sessionId, callId: fixture.callId })),
      200,
      ReplayReply,
    );
    expect(body.stages.length).toBeGreaterThan(0);
  });

  it("the stateless pipeline, validate (one input and several) and lint", async () => {
    const calls = [
      { id: "c1", name: "read_file", arguments: { path: "notes/todo.md" } },
      { id: "c2", name: "no_such_tool", arguments: {} },
    ];
    const pipeline = await expectConforming<PipelineReply>(
      await runPipeline(json("POST", { calls, policy: { batch: "independent" } })),
      200,
      PipelineReply,
    );
    expect(pipeline.calls.map((call) => call.result.errorKind)).toEqual([undefined, "unknown_tool"]);

    const schema = { type: "object", required: ["n"], properties: { n: { type: "integer" } } };
    await expectConforming(await validate(json("POST", { schema, input: { n: "3" } })), 200, ValidateReply);
    await expectConforming(
      await validate(json("POST", { schema, inputs: [{ n: 1 }, {}] })),
      200,
      ValidateReply,
    );
    const linted = await expectConforming<LintReply>(
      await lint(
        json("POST", { tool: { name: "t", input_schema: { type: "object", properties: { a: {} } } } }),
      ),
      200,
      LintReply,
    );
    expect(linted.diagnostics.length).toBeGreaterThan(0);
  });

  it("scenarios in both languages, and the settings", async () => {
    for (const lang of ["en", "zh"]) {
      const list = await expectConforming<ScenarioList>(
        listScenarios(new Request(url(`/api/scenarios?lang=${lang}`))),
        200,
        ScenarioList,
      );
      const id = list.scenarios[0]!.id;
      await expectConforming(
        await getScenario(new Request(url(`/api/scenarios/${id}?lang=${lang}`)), params({ id })),
        200,
        ScenarioDetail,
      );
    }
    await expectConforming(listScenarios(new Request(url("/api/scenarios?lang=fr"))), 400, ErrorBody);
    await expectConforming(getSettings(), 200, SettingsView);
  });
});
