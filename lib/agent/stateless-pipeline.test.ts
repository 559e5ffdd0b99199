import { describe, expect, it } from "vitest";
import { runStatelessPipeline as runPipeline } from "./stateless-pipeline";

const runStatelessPipeline = (body: Parameters<typeof runPipeline>[0]) => runPipeline(body, () => []);

describe("POST /api/pipeline (stateless)", () => {
  it("answers every call in the original order, with its stages and result", async () => {
    const outcome = await runStatelessPipeline({
      calls: [
        { id: "a", name: "read_file", arguments: { path: "notes/todo.md" } },
        { id: "b", name: "read_file", arguments: '{"path": "README.md"}' },
      ],
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const value = outcome.value as {
      batch: unknown;
      calls: {
        id: string;
        stages: { stage: string; status: string }[];
        result: { isError: boolean; content: string };
      }[];
    };
    expect(value.batch).toEqual({ policy: "all-or-nothing", decision: "executed", schedule: [["a", "b"]] });
    expect(value.calls.map((c) => c.id)).toEqual(["a", "b"]);
    expect(value.calls[0]!.stages.map((s) => `${s.stage}:${s.status}`)).toEqual([
      "lookup:ok",
      "prepare:ok",
      "validate:ok",
      "preflight:ok",
      "approval:skipped",
      "execute:ok",
      "progress:skipped",
      "post:ok",
      "normalize:ok",
    ]);
    expect(value.calls[0]!.result).toMatchObject({
      isError: false,
      content: expect.stringMatching(/^# Todo/),
    });
  });

  it("denies a call that needs approval when no decision is given, and runs it when approved", async () => {
    const charge = {
      id: "c",
      name: "charge_card",
      arguments: { order_id: "ord_0001", amount: 5, currency: "USD" },
    };
    const denied = await runStatelessPipeline({ calls: [charge] });
    expect(denied).toMatchObject({
      ok: true,
      value: { calls: [{ result: { errorKind: "denied_by_user" } }] },
    });
    const approved = await runStatelessPipeline({
      calls: [charge],
      decisions: { c: { decision: "approve" } },
    });
    // Approved, it runs — and fails in the tool, because no order exists in the fresh sandbox.
    expect(approved).toMatchObject({
      ok: true,
      value: { calls: [{ result: { errorKind: "execution_error" } }] },
    });
  });

  it("runs edited arguments once they validate", async () => {
    const outcome = await runStatelessPipeline({
      tools: [
        {
          name: "pay",
          input_schema: { type: "object", properties: { amount: { type: "number" } }, required: ["amount"] },
          meta: { needsApproval: true },
          mock: { kind: "echo" },
        },
      ],
      calls: [{ id: "p", name: "pay", arguments: { amount: 500 } }],
      decisions: { p: { decision: "edit", arguments: { amount: 5 } } },
    });
    expect(outcome).toMatchObject({
      ok: true,
      value: { calls: [{ result: { isError: false, content: '{"amount":5}' } }] },
    });
  });

  it("refuses a manual mock (422) and a repeated call id (400), naming the call", async () => {
    const manual = await runStatelessPipeline({
      tools: [{ name: "ask", input_schema: { type: "object" }, mock: { kind: "manual" } }],
      calls: [{ id: "m", name: "ask", arguments: {} }],
    });
    expect(manual).toMatchObject({ ok: false, problem: { kind: "unprocessable", path: "/calls/0" } });
    const repeated = await runStatelessPipeline({
      calls: [
        { id: "x", name: "read_file", arguments: {} },
        { id: "x", name: "read_file", arguments: {} },
      ],
    });
    expect(repeated).toMatchObject({ ok: false, problem: { kind: "invalid", path: "/calls/1/id" } });
  });

  it("redacts the server's secrets from every stage and result it answers with", async () => {
    const secret = "server-secret-of-no-known-shape-42";
    const outcome = await runPipeline(
      {
        tools: [{ name: "say", input_schema: { type: "object" }, mock: { kind: "echo" } }],
        calls: [{ id: "s", name: "say", arguments: { text: secret } }],
      },
      () => [secret],
    );
    expect(outcome).toMatchObject({
      ok: true,
      value: { calls: [{ result: { isError: false, content: '{"text":"[REDACTED]"}' } }] },
    });
    expect(JSON.stringify(outcome)).not.toContain(secret);
  });
});
