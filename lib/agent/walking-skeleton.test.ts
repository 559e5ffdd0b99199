import Anthropic from "@anthropic-ai/sdk";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventOf, TraceEvent } from "@/lib/trace/events";
import { PLANTED_SECRETS } from "@/lib/tools/canned-pages";
import { projectTranscript } from "@/lib/trace/transcript";
import { startMessageRun } from "./runs";
import type { Runtime } from "./runtime";
import { createSession } from "./sessions";
import { createTestRuntime } from "./testing/offline-runtime";

let dataDir: string;
let runtime: Runtime;

function openRuntime(): Runtime {
  return createTestRuntime({ dataDir });
}

async function runMessage(sessionId: string, text: string): Promise<TraceEvent[]> {
  const started = startMessageRun(runtime, sessionId, text);
  if (!started.ok) throw new Error(started.problem.error);
  await runtime.runs.get(sessionId)?.done;
  return runtime.store.events(sessionId);
}

function only<K extends TraceEvent["kind"]>(events: TraceEvent[], kind: K): EventOf<K>[] {
  return events.filter((e): e is EventOf<K> => e.kind === kind);
}

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-skeleton-"));
  runtime = openRuntime();
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("a run on the offline model, end to end through the real Anthropic SDK", () => {
  it("reads notes/todo.md with read_file and answers with its content", async () => {
    const created = createSession(runtime, {});
    if (!created.ok) throw new Error(created.problem.error);
    const events = await runMessage(created.value.id, "What is in notes/todo.md?");

    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    const kinds = new Set(events.map((e) => e.kind));
    for (const kind of [
      "session.created",
      "user.message",
      "run.started",
      "request.assembled",
      "wire.response",
      "wire.event",
      "turn.completed",
      "tool.stage",
      "tool.result",
      "run.finished",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    const wireNames = new Set(only(events, "wire.event").map((e) => e.event));
    expect([...wireNames].sort()).toEqual(
      [
        "content_block_delta",
        "content_block_start",
        "content_block_stop",
        "message_delta",
        "message_start",
        "message_stop",
        "ping",
      ].sort(),
    );

    const transcript = projectTranscript(events);
    expect(transcript.messages.map((m) => [m.role, m.content.map((b) => b.type)])).toEqual([
      ["user", ["text"]],
      ["assistant", ["text", "toolCall"]],
      ["user", ["toolResult"]],
      ["assistant", ["text"]],
    ]);
    const call = transcript.messages[1]!.content[1]!;
    const result = transcript.messages[2]!.content[0]!;
    expect(call).toMatchObject({ type: "toolCall", name: "read_file", arguments: { path: "notes/todo.md" } });
    expect(result).toMatchObject({
      type: "toolResult",
      isError: false,
      toolCallId: call.type === "toolCall" ? call.id : "",
    });
    expect(result.type === "toolResult" && result.content.startsWith("# Todo")).toBe(true);
    expect(only(events, "run.finished")).toHaveLength(1);
  });

  it("records bytes that the SDK's own MessageStream assembles to exactly the turn the app recorded", async () => {
    const created = createSession(runtime, {});
    if (!created.ok) throw new Error(created.problem.error);
    const events = await runMessage(created.value.id, "What is in notes/todo.md?");

    for (const turn of only(events, "turn.completed")) {
      const wire = only(events, "wire.event").filter((e) => e.turn === turn.turn);
      const bytes = wire.map((e) => `event: ${e.event}\ndata: ${e.data}\n\n`).join("");
      const client = new Anthropic({
        apiKey: "replay",
        fetch: async () => new Response(bytes, { headers: { "content-type": "text/event-stream" } }),
      });
      const message = await client.messages
        .stream({ model: "m", max_tokens: 1, messages: [] })
        .finalMessage();
      expect(message).toEqual(turn.message);
    }
  });

  it("gives the same events, ids included, for the same config and messages", async () => {
    const strip = (events: TraceEvent[]) =>
      events
        .filter((e) => e.kind === "wire.event" || e.kind === "turn.completed" || e.kind === "tool.result")
        .map(({ seq: _seq, at: _at, sessionId: _sessionId, ...rest }) => rest);
    const a = createSession(runtime, {});
    const b = createSession(runtime, {});
    if (!a.ok || !b.ok) throw new Error("create failed");
    const first = strip(await runMessage(a.value.id, "What is in notes/todo.md?"));
    const second = strip(await runMessage(b.value.id, "What is in notes/todo.md?"));
    expect(second).toEqual(first);
  });

  it("keeps every session and event across a restart", async () => {
    const created = createSession(runtime, {});
    if (!created.ok) throw new Error(created.problem.error);
    const before = await runMessage(created.value.id, "What is in notes/todo.md?");
    runtime = openRuntime();
    expect(runtime.store.events(created.value.id)).toEqual(before);
    expect(runtime.store.getSession(created.value.id)).toMatchObject({
      status: "finished",
      eventCount: before.length,
    });
  });

  it("marks a run that was live when the process died as interrupted, answering its open calls", async () => {
    const created = createSession(runtime, {});
    if (!created.ok) throw new Error(created.problem.error);
    const id = created.value.id;
    runtime.store.append(id, { kind: "run.started", runId: "run_dead", trigger: "message" });
    runtime.store.append(id, { kind: "user.message", turn: 1, text: "read it" });
    runtime.store.append(id, {
      kind: "turn.completed",
      turn: 1,
      attempt: 1,
      format: "anthropic",
      message: {},
      unified: {
        role: "assistant",
        content: [{ type: "toolCall", id: "toolu_1", name: "read_file", arguments: {}, rawArguments: "{}" }],
      },
      stopReason: { unified: "tool_use", raw: "tool_use" },
      usage: { inputTokens: 1, outputTokens: 1 },
    });
    runtime = openRuntime();
    const last = runtime.store.events(id).at(-1)!;
    expect(last).toMatchObject({ kind: "run.interrupted", runId: "run_dead" });
    expect(last.kind === "run.interrupted" && last.syntheticResults).toEqual([
      expect.objectContaining({ toolCallId: "toolu_1", isError: true, errorKind: "interrupted" }),
    ]);
    expect(runtime.store.getSession(id)?.status).toBe("interrupted");
  });

  it("refuses a second run while one is live, and an unknown session", async () => {
    const created = createSession(runtime, {});
    if (!created.ok) throw new Error(created.problem.error);
    const first = startMessageRun(runtime, created.value.id, "What is in notes/todo.md?");
    const second = startMessageRun(runtime, created.value.id, "again");
    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, problem: expect.objectContaining({ kind: "conflict" }) });
    expect(startMessageRun(runtime, "ses_missing", "hi")).toEqual({
      ok: false,
      problem: expect.objectContaining({ kind: "not_found" }),
    });
    await runtime.runs.get(created.value.id)?.done;
  });

  it("never stores a secret a tool returned: not in any event, not in the database file", async () => {
    const created = createSession(runtime, {});
    if (!created.ok) throw new Error(created.problem.error);
    const events = await runMessage(created.value.id, "Fetch the page https://example.com/debug/env");
    const result = only(events, "tool.result")[0]!;
    expect(result).toMatchObject({ name: "http_get", isError: false });
    expect(result.content).toContain("[REDACTED]");
    const stored = JSON.stringify(runtime.store.events(created.value.id));
    const files = fs
      .readdirSync(dataDir)
      .map((name) => fs.readFileSync(path.join(dataDir, name)).toString("latin1"));
    for (const secret of Object.values(PLANTED_SECRETS)) {
      for (const part of secret
        .split("\n")
        .filter((line) => line.length >= 12 && !line.startsWith("-----"))) {
        expect(stored).not.toContain(part);
        for (const file of files) expect(file.includes(part)).toBe(false);
      }
    }
  });

  it("applies the session's own redaction patterns to every event of a run, stage summaries included", async () => {
    const created = createSession(runtime, {
      policy: { redact: ["internal-[0-9]{5}"] },
      tools: [
        {
          name: "lookup_ticket",
          description: "Look up a support ticket.",
          input_schema: { type: "object", properties: {} },
          mock: { kind: "static", result: "Ticket owner: internal-12345" },
        },
      ],
    });
    if (!created.ok) throw new Error(created.problem.error);
    const events = await runMessage(created.value.id, "Look up the support ticket");
    expect(only(events, "tool.result")[0]).toMatchObject({ content: "Ticket owner: [REDACTED]" });
    // Only the session's own configuration (the mock the person wrote) still holds it.
    expect(JSON.stringify(runtime.store.events(created.value.id, 0))).not.toContain("internal-12345");
  });
});
