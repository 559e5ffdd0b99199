/**
 * A batch's events land in few transactions (one store commit each), not one per event: the
 * checks of every call together, the skipped approvals of the calls that need nobody together,
 * and each call's execute → post → normalize → result together. An approval is two: its start
 * and waiting, then the decision and all that follows it. Each test counts the transactions
 * `atomically` opened and which events were emitted outside any.
 */
import { describe, expect, it } from "vitest";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { expandBuiltin, seedWorkspace } from "@/lib/tools/registry";
import type { PolicyConfig, ToolDefinition } from "@/lib/trace/config";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import { createPipelineContext } from "./context";
import { BUILTIN_HOOKS } from "./policy";
import { runBatch } from "./run-batch";
import { toolCall } from "./testing/pipeline-harness";
import type { Decision } from "./types";
import { validateForModel } from "./validator";

const ECHO: ToolDefinition = {
  name: "echo",
  description: "Echoes its arguments.",
  input_schema: { type: "object", properties: { text: { type: "string" } } },
  meta: { readOnly: true, concurrencySafe: true, idempotent: true },
  mock: { kind: "echo" },
};

const ASK = { id: "ask", stage: "preflight", tool: "echo", action: "require-approval", reason: "check" };

/** Runs a batch and returns each event's `kind:stage:status` labels grouped by transaction (0 = outside any). */
async function runCounted(
  calls: ReturnType<typeof toolCall>[],
  options: { tools?: ToolDefinition[]; policy?: PolicyConfig; decision?: Decision } = {},
) {
  const log: TraceEvent[] = [];
  let depth = 0;
  let transactions = 0;
  const groups = new Map<number, string[]>();
  const label = (event: NewEvent) =>
    event.kind === "tool.stage"
      ? `${event.callId}:${event.stage}:${event.status}`
      : `${"callId" in event ? `${event.callId}:` : ""}${event.kind}`;
  const context = createPipelineContext({
    tools: options.tools ?? [ECHO],
    policy: options.policy ?? {},
    hooks: BUILTIN_HOOKS,
    validate: validateForModel,
    clock: createVirtualClock(1_000_000, { autoAdvance: true }),
    log,
    workspace: { files: seedWorkspace(), ledger: [] },
    append: (event) => {
      const group = depth === 0 ? 0 : transactions;
      groups.set(group, [...(groups.get(group) ?? []), label(event)]);
      return Object.assign({ seq: log.length, at: 0, sessionId: "s1" }, event) as TraceEvent;
    },
    atomically: (work) => {
      if (depth === 0) transactions += 1;
      depth += 1;
      try {
        return work();
      } finally {
        depth -= 1;
      }
    },
    awaitDecision: async () => options.decision ?? { decision: "approve" },
  });
  await runBatch({ calls, context });
  return { transactions, outside: groups.get(0) ?? [], groups: [...groups.values()] };
}

describe("a batch's commits", () => {
  it("writes three echo calls in five transactions, only batch.planned outside one", async () => {
    const { transactions, outside, groups } = await runCounted([
      toolCall("a", "echo", { text: "1" }),
      toolCall("b", "echo", { text: "2" }),
      toolCall("c", "echo", { text: "3" }),
    ]);
    expect(outside).toEqual(["batch.planned"]);
    // Checks; the three skipped approvals; then each call from execute to its result.
    expect(transactions).toBe(5);
    expect(groups[2]).toEqual(["a:approval:skipped", "b:approval:skipped", "c:approval:skipped"]);
    expect(groups[3]).toEqual([
      "a:execute:running",
      "a:execute:ok",
      "a:progress:skipped",
      "a:post:running",
      "a:post:ok",
      "a:normalize:running",
      "a:normalize:ok",
      "a:tool.result",
    ]);
  });

  it("writes an asynchronous tool's last stages and its result in one transaction", async () => {
    const { outside, groups } = await runCounted([toolCall("r", "read_file", { path: "notes/todo.md" })], {
      tools: [expandBuiltin("read_file")!],
    });
    expect(outside).toEqual(["batch.planned", "r:execute:running"]);
    expect(groups.at(-1)).toEqual([
      "r:execute:ok",
      "r:progress:skipped",
      "r:post:running",
      "r:post:ok",
      "r:normalize:running",
      "r:normalize:ok",
      "r:tool.result",
    ]);
  });

  it("writes an approval as its start and waiting, then the decision and what follows", async () => {
    const { outside, groups } = await runCounted([toolCall("a", "echo", {})], {
      policy: { batch: "independent", rules: [ASK] } as never,
      decision: { decision: "deny", reason: "no" },
    });
    expect(outside).toEqual(["batch.planned"]);
    expect(groups.slice(2)).toEqual([
      ["a:approval:running", "a:approval:waiting"],
      ["a:tool.decision", "a:approval:blocked"],
      ["a:normalize:running", "a:normalize:ok", "a:tool.result"],
    ]);
  });

  it("writes a denial's result and the rest of the batch's aborted results in one transaction", async () => {
    const { outside, groups: denied } = await runCounted(
      [toolCall("a", "echo", {}), toolCall("b", "echo", {})],
      {
        policy: { batch: "all-or-nothing", rules: [ASK] } as never,
        decision: { decision: "deny" },
      },
    );
    expect(outside).toEqual(["batch.planned"]);
    expect(denied.at(-1)).toEqual([
      "a:normalize:running",
      "a:normalize:ok",
      "a:tool.result",
      "b:normalize:running",
      "b:normalize:ok",
      "b:tool.result",
    ]);
  });
});
