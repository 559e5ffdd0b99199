/**
 * A batch's events land in few commits, not one per event or per call: what a turn of the event
 * loop does shares one — the plan, every call's checks and skipped approvals, the quick calls'
 * executions; a slow call's start and its wire are written on the loop's next turn, while the
 * tool works, and its last stages with its result. An approval is two: its start and waiting
 * (with what came before), then the decision and all that follows it. Each test counts the
 * commits and which events were emitted outside any transaction.
 */
import { describe, expect, it } from "vitest";
import { systemClock } from "@/lib/clock/system-clock";
import type { Clock } from "@/lib/clock/types";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { expandBuiltin, seedWorkspace } from "@/lib/tools/registry";
import type { PolicyConfig, ToolDefinition } from "@/lib/trace/config";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import { createPipelineContext } from "./context";
import { BUILTIN_HOOKS } from "./policy";
import { runBatch } from "./run-batch";
import { toolCall } from "./testing/pipeline-harness";
import type { Decision, McpCaller } from "./types";
import { validateForModel } from "./validator";

const ECHO: ToolDefinition = {
  name: "echo",
  description: "Echoes its arguments.",
  input_schema: { type: "object", properties: { text: { type: "string" } } },
  meta: { readOnly: true, concurrencySafe: true, idempotent: true },
  mock: { kind: "echo" },
};

const ASK = { id: "ask", stage: "preflight", tool: "echo", action: "require-approval", reason: "check" };

/**
 * Runs a batch and returns each event's `kind:stage:status` labels grouped by commit (0 = outside
 * any transaction). `atomically` is a transaction; `atomicallySoon` behaves as the SQLite store's
 * `transactionSoon`: its events wait for the next transaction, or a commit of their own on the
 * event loop's next turn.
 */
async function runCounted(
  calls: ReturnType<typeof toolCall>[],
  options: {
    tools?: ToolDefinition[];
    policy?: PolicyConfig;
    decision?: Decision;
    mcp?: McpCaller;
    clock?: Clock;
    /** Runs while the batch does, with the commits so far. */
    whileRunning?: (groups: string[][]) => Promise<void>;
  } = {},
) {
  const log: TraceEvent[] = [];
  let depth = 0;
  let soon = 0;
  let transactions = 0;
  let current: string[] = [];
  let waiting: string[] = [];
  const outside: string[] = [];
  const groups: string[][] = [];
  const label = (event: NewEvent) =>
    event.kind === "tool.stage"
      ? `${event.callId}:${event.stage}:${event.status}`
      : `${"callId" in event ? `${event.callId}:` : ""}${event.kind}`;
  const commit = (labels: string[]) => {
    transactions += 1;
    groups.push(labels);
  };
  const context = createPipelineContext({
    tools: options.tools ?? [ECHO],
    policy: options.policy ?? {},
    hooks: BUILTIN_HOOKS,
    validate: validateForModel,
    clock: options.clock ?? createVirtualClock(1_000_000, { autoAdvance: true }),
    log,
    workspace: { files: seedWorkspace(), ledger: [] },
    append: (event) => {
      (depth > 0 ? current : soon > 0 ? waiting : outside).push(label(event));
      return Object.assign({ seq: log.length, at: 0, sessionId: "s1" }, event) as TraceEvent;
    },
    atomically: (work) => {
      if (depth === 0) {
        current = waiting;
        waiting = [];
      }
      depth += 1;
      try {
        return work();
      } finally {
        depth -= 1;
        if (depth === 0) commit(current);
      }
    },
    atomicallySoon: (work) => {
      if (depth > 0) return work();
      soon += 1;
      try {
        return work();
      } finally {
        soon -= 1;
        setImmediate(() => {
          if (waiting.length === 0) return;
          commit(waiting);
          waiting = [];
        });
      }
    },
    awaitDecision: async () => options.decision ?? { decision: "approve" },
    ...(options.mcp ? { mcp: options.mcp } : {}),
  });
  await Promise.all([runBatch({ calls, context }), options.whileRunning?.(groups)]);
  await new Promise((resolve) => setImmediate(resolve));
  return { transactions, outside, groups };
}

describe("a batch's commits", () => {
  it("writes three echo calls in one commit: the plan, the checks, every approval and execution", async () => {
    const { transactions, outside, groups } = await runCounted([
      toolCall("a", "echo", { text: "1" }),
      toolCall("b", "echo", { text: "2" }),
      toolCall("c", "echo", { text: "3" }),
    ]);
    expect(outside).toEqual([]);
    expect(transactions).toBe(1);
    const checks = (id: string) =>
      ["lookup", "prepare", "validate", "preflight"].flatMap((stage) => [
        `${id}:${stage}:running`,
        `${id}:${stage}:ok`,
      ]);
    const callEvents = (id: string) => [
      `${id}:execute:running`,
      `${id}:execute:ok`,
      `${id}:progress:skipped`,
      `${id}:post:running`,
      `${id}:post:ok`,
      `${id}:normalize:running`,
      `${id}:normalize:ok`,
      `${id}:tool.result`,
    ];
    expect(groups[0]).toEqual([
      "batch.planned",
      ...checks("a"),
      ...checks("b"),
      ...checks("c"),
      "a:approval:skipped",
      "b:approval:skipped",
      "c:approval:skipped",
      ...callEvents("a"),
      ...callEvents("b"),
      ...callEvents("c"),
    ]);
  });

  it("writes an asynchronous tool's start, last stages and result in one commit when it answers within the turn", async () => {
    const { outside, groups } = await runCounted([toolCall("r", "read_file", { path: "notes/todo.md" })], {
      tools: [expandBuiltin("read_file")!],
    });
    expect(outside).toEqual([]);
    expect(groups.length).toBe(1);
    expect(groups[0]!.slice(9)).toEqual([
      "r:approval:skipped",
      "r:execute:running",
      "r:execute:ok",
      "r:progress:skipped",
      "r:post:running",
      "r:post:ok",
      "r:normalize:running",
      "r:normalize:ok",
      "r:tool.result",
    ]);
  });

  it("writes a slow tool's start on the loop's next turn, before it answers", async () => {
    const slow: ToolDefinition = {
      name: "slow",
      description: "Answers when the test says so.",
      input_schema: { type: "object" },
      source: { mcp: "srv", tool: "slow" },
    };
    let answer: (() => void) | undefined;
    const result = runCounted([toolCall("s", "slow", {})], {
      tools: [slow],
      policy: { rules: [] } as never,
      // Real time: the call waits on the test, not on a clock that runs out its time limit.
      clock: systemClock,
      mcp: {
        call: async (_tool, _args, io) => {
          io.emit({ kind: "mcp.message", server: "srv", direction: "out", message: { id: 1 }, callId: "s" });
          await new Promise<void>((resolve) => (answer = resolve));
          io.emit({ kind: "mcp.message", server: "srv", direction: "in", message: { id: 1 }, callId: "s" });
          return { content: "done", isError: false };
        },
      },
      whileRunning: async (groups) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        // The call is in flight: its start and its request are written (one commit), its answer not yet.
        expect(groups).toHaveLength(1);
        expect(groups[0]!.slice(9)).toEqual(["s:approval:skipped", "s:execute:running", "s:mcp.message"]);
        answer!();
      },
    });
    const { outside, groups } = await result;
    expect(outside).toEqual([]);
    expect(groups.at(-1)).toEqual([
      "s:mcp.message",
      "s:execute:ok",
      "s:progress:skipped",
      "s:post:running",
      "s:post:ok",
      "s:normalize:running",
      "s:normalize:ok",
      "s:tool.result",
    ]);
  });

  it("writes an approval as its start and waiting, then the decision and what follows", async () => {
    const { outside, groups } = await runCounted([toolCall("a", "echo", {})], {
      policy: { batch: "independent", rules: [ASK] } as never,
      decision: { decision: "deny", reason: "no" },
    });
    expect(outside).toEqual([]);
    expect(groups[0]!.slice(-2)).toEqual(["a:approval:running", "a:approval:waiting"]);
    expect(groups.slice(1)).toEqual([
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
    expect(outside).toEqual([]);
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
