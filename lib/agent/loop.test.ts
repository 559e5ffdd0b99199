import { describe, expect, it } from "vitest";
import { BUILTIN_HOOKS } from "@/lib/pipeline/policy";
import { runBatch } from "@/lib/pipeline/run-batch";
import { validateForModel } from "@/lib/pipeline/validator";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import type { ModelProvider, ModelTurn } from "@/lib/providers/types";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import { expandBuiltin, seedWorkspace } from "@/lib/tools/registry";
import { NO_BREAKPOINTS } from "@/lib/trace/config";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import { runAgentLoop, type LoopEffects } from "./loop";

const assistant = (content: UnifiedMessage["content"]): ModelTurn => ({
  format: "anthropic",
  message: { content },
  unified: { role: "assistant", content },
  stopReason: content.some((b) => b.type === "toolCall")
    ? { unified: "tool_use", raw: "tool_use" }
    : { unified: "end_turn", raw: "end_turn" },
  usage: { inputTokens: 1, outputTokens: 1 },
});

/** A model that plays a script, one turn per request, emitting one wire event per turn. */
function scriptedProvider(script: (ModelTurn | Error)[], requests: unknown[] = []): ModelProvider {
  let turn = 0;
  return {
    format: "anthropic",
    buildRequest: (request) => ({
      tools: request.tools.map((t) => t.name),
      system: request.system,
      messages: request.messages,
    }),
    async stream(body, tap, signal) {
      requests.push(body);
      tap.onResponse({ status: 200, headers: {} });
      tap.onEvent({ event: "message_start", data: "{}", receivedAt: 0 });
      if (signal.aborted) throw signal.reason;
      const step = script[turn++];
      if (!step || step instanceof Error) throw step ?? new Error("script exhausted");
      return step;
    },
  };
}

function harness(provider: ModelProvider, controller = new AbortController()) {
  const log: TraceEvent[] = [];
  const effects: LoopEffects = {
    emit: (event: NewEvent) => {
      const full = { ...event, seq: log.length, at: 0, sessionId: "s" } as TraceEvent;
      log.push(full);
      return full;
    },
    provider,
    clock: createVirtualClock(0, { autoAdvance: true }),
    runBatch,
    estimateTokens: () => ({ tools: 1, system: 1, messages: 1, total: 3, tokenizer: "test" }),
    gate: {
      checkpoint: async () => {},
      awaitDecision: async () => ({ decision: "approve" }),
      awaitManualResult: async () => ({ content: "typed", isError: false }),
    },
    validate: validateForModel,
    hooks: BUILTIN_HOOKS,
  };
  effects.emit({
    kind: "session.created",
    config: {
      title: "t",
      provider: { kind: "offline" },
      system: "sys",
      tools: [expandBuiltin("read_file")!],
      policy: {},
      scenario: null,
      breakpoints: NO_BREAKPOINTS,
    },
    workspace: seedWorkspace(),
  });
  const run = (text?: string) =>
    runAgentLoop(
      {
        runId: "run_1",
        events: [...log],
        trigger: "message",
        ...(text === undefined ? {} : { text }),
        signal: controller.signal,
      },
      effects,
    );
  return { log, run, controller };
}

const kinds = (log: TraceEvent[]) =>
  log.map((e) => (e.kind === "tool.stage" ? `${e.kind}:${e.stage}:${e.status}` : e.kind));

describe("the agent loop", () => {
  it("runs request → stream → batch checks → results → next turn, in this exact order", async () => {
    const requests: unknown[] = [];
    const { log, run } = harness(
      scriptedProvider(
        [
          assistant([
            {
              type: "toolCall",
              id: "c1",
              name: "read_file",
              arguments: { path: "notes/todo.md" },
              rawArguments: '{"path":"notes/todo.md"}',
            },
            { type: "toolCall", id: "c2", name: "__proto__", arguments: {}, rawArguments: "{}" },
          ]),
          assistant([{ type: "text", text: "done" }]),
        ],
        requests,
      ),
    );
    await run("read it");
    expect(kinds(log)).toEqual([
      "session.created",
      "run.started",
      "user.message",
      "request.assembled",
      "wire.response",
      "wire.event",
      "turn.completed",
      "batch.planned",
      "tool.stage:lookup:running",
      "tool.stage:lookup:ok",
      "tool.stage:prepare:running",
      "tool.stage:prepare:ok",
      "tool.stage:validate:running",
      "tool.stage:validate:ok",
      "tool.stage:preflight:running",
      "tool.stage:preflight:ok",
      "tool.stage:lookup:running",
      "tool.stage:lookup:error",
      "tool.stage:normalize:running",
      "tool.stage:normalize:ok",
      "tool.result",
      "tool.stage:normalize:running",
      "tool.stage:normalize:ok",
      "tool.result",
      "request.assembled",
      "wire.response",
      "wire.event",
      "turn.completed",
      "run.finished",
    ]);
    // All-or-nothing: the unknown tool fails its checks, so read_file never runs.
    const results = log.filter((e) => e.kind === "tool.result");
    expect(
      results.map((r) => r.kind === "tool.result" && [r.callId, r.turn, r.isError, r.errorKind]),
    ).toEqual([
      ["c2", 1, true, "unknown_tool"],
      ["c1", 1, true, "batch_aborted"],
    ]);
    expect(JSON.stringify(requests[1])).toContain("Unknown tool `__proto__`");
    expect(
      log.filter((e) => e.kind === "request.assembled").map((e) => e.kind === "request.assembled" && e.turn),
    ).toEqual([1, 2]);
  });

  it("records a failed request as wire.error then run.failed", async () => {
    const { log, run } = harness(
      scriptedProvider([
        Object.assign(new Error("overloaded"), { status: 529, error: { type: "overloaded_error" } }),
      ]),
    );
    await run("hi");
    expect(kinds(log).slice(-2)).toEqual(["wire.error", "run.failed"]);
    expect(log.at(-2)).toMatchObject({
      source: "stream",
      status: 529,
      message: "overloaded",
      body: '{"type":"overloaded_error"}',
    });
  });

  it("answers every open call when interrupted, and says what ran", async () => {
    const controller = new AbortController();
    const provider = scriptedProvider([
      assistant([
        {
          type: "toolCall",
          id: "c1",
          name: "read_file",
          arguments: { path: "README.md" },
          rawArguments: "{}",
        },
      ]),
    ]);
    const { log, run } = harness(
      {
        ...provider,
        stream: async (body, tap, signal) => {
          const turn = await provider.stream(body, tap, signal);
          controller.abort(new Error("stop"));
          return turn;
        },
      },
      controller,
    );
    await run("go");
    expect(kinds(log).at(-1)).toBe("run.interrupted");
    const end = log.at(-1)!;
    expect(end.kind === "run.interrupted" && end.syntheticResults).toEqual([]);
    expect(log.filter((e) => e.kind === "tool.result")).toHaveLength(1);
  });

  it("stops after the turn limit", async () => {
    const loopTurn = assistant([
      {
        type: "toolCall",
        id: "again",
        name: "read_file",
        arguments: { path: "README.md" },
        rawArguments: "{}",
      },
    ]);
    const { log, run } = harness(scriptedProvider(Array.from({ length: 12 }, () => loopTurn)));
    await run("loop");
    expect(log.filter((e) => e.kind === "turn.completed")).toHaveLength(10);
    expect(log.at(-1)).toMatchObject({ kind: "run.finished", reason: "stopped after 10 turns" });
  });

  it("keeps the transcript valid when the stream is cut mid tool_use: no half call is recorded", async () => {
    const cut: ModelProvider = {
      format: "anthropic",
      buildRequest: (request) => ({ messages: request.messages }),
      async stream(_body, tap) {
        tap.onResponse({ status: 200, headers: {} });
        tap.onEvent({
          event: "content_block_start",
          data: '{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_cut","name":"read_file","input":{}}}',
          receivedAt: 0,
        });
        tap.onEvent({
          event: "content_block_delta",
          data: '{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"pa"}}',
          receivedAt: 0,
        });
        throw new Error("terminated: the connection closed mid-stream");
      },
    };
    const { log, run } = harness(cut);
    await run("read it");
    expect(kinds(log).slice(-2)).toEqual(["wire.error", "run.failed"]);
    expect(log.at(-2)).toMatchObject({
      source: "stream",
      message: "terminated: the connection closed mid-stream",
    });
    expect(log.some((e) => e.kind === "turn.completed")).toBe(false);
    expect(log.at(-1)).toMatchObject({ kind: "run.failed", syntheticResults: [] });
  });
  it("numbers every HTTP attempt the provider reports, and gives a failed one its own wire.error", async () => {
    const retried: ModelProvider = {
      format: "anthropic",
      buildRequest: (request) => ({ messages: request.messages }),
      async stream(_body, tap) {
        tap.onAttempt(1);
        tap.onResponse({ status: 503, headers: {} });
        tap.onAttemptError({ source: "http", status: 503, message: "HTTP 503: busy", body: '{"error":{}}' });
        tap.onAttempt(2);
        tap.onResponse({ status: 200, headers: {} });
        tap.onEvent({ event: "message_start", data: "{}", receivedAt: 0 });
        tap.onEvent({ event: "message_stop", data: "{}", receivedAt: 0 });
        return assistant([{ type: "text", text: "ok" }]);
      },
    };
    const { log, run } = harness(retried);
    await run("hi");
    const wire = log.filter(
      (e) => e.kind.startsWith("wire.") || e.kind === "request.assembled" || e.kind === "turn.completed",
    );
    expect(
      wire.map((e) => [
        e.kind,
        "attempt" in e ? e.attempt : null,
        e.kind === "wire.event"
          ? e.index
          : e.kind === "wire.response" || e.kind === "wire.error"
            ? e.status
            : null,
      ]),
    ).toEqual([
      ["request.assembled", 1, null],
      ["wire.response", 1, 503],
      ["wire.error", 1, 503],
      ["wire.response", 2, 200],
      ["wire.event", 2, 0],
      ["wire.event", 2, 1],
      ["turn.completed", 2, null],
    ]);
    expect(log.at(-1)).toMatchObject({ kind: "run.finished" });
  });

  it("fails the run with the last attempt's own wire.error, and adds none of its own", async () => {
    const failing: ModelProvider = {
      format: "anthropic",
      buildRequest: (request) => ({ messages: request.messages }),
      async stream(_body, tap) {
        tap.onAttempt(1);
        tap.onResponse({ status: 500, headers: {} });
        tap.onAttemptError({ source: "http", status: 500, message: "HTTP 500: broken", body: "{}" });
        throw Object.assign(new Error("500 {}"), { status: 500 });
      },
    };
    const { log, run } = harness(failing);
    await run("hi");
    expect(kinds(log).slice(-3)).toEqual(["wire.response", "wire.error", "run.failed"]);
    expect(log.at(-1)).toMatchObject({ kind: "run.failed", reason: "HTTP 500: broken" });
  });
});
