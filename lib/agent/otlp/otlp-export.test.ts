/**
 * The OTLP export against a real OTLP/HTTP receiver on 127.0.0.1 (testing/otlp-receiver.ts,
 * decoding protobuf with the official transformer's reader, or JSON): the live export of a run
 * as it happens, a collector that is down, "Export to OTLP", and the round trip through
 * `POST /api/import`'s planner back to the same transcript.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { importSession } from "@/lib/agent/import/import-session";
import { createRuntime, type Runtime } from "@/lib/agent/runtime";
import { startMessageRun } from "@/lib/agent/runs";
import { createSession } from "@/lib/agent/sessions";
import { TEST_START, TEST_TOKEN } from "@/lib/agent/testing/offline-runtime";
import type { ReadSpan } from "@/lib/otel/read-otlp";
import { projectTranscript } from "@/lib/trace/transcript";
import { exportSessionOtlpJson, sendSessionOtlp } from "./session-otlp";
import type { OtlpSettings } from "./settings";
import { findClosedUrl, startOtlpReceiver, type OtlpReceiver } from "./testing/otlp-receiver";

const HEADER_KEY = "otlp-team-key-5f3a9c1e7b";
let dataDir: string;
let receiver: OtlpReceiver;
const runtimes: Runtime[] = [];

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-otlp-"));
  receiver = await startOtlpReceiver();
});
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.otlp?.stop();
  await receiver.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function openRuntime(otlp?: Partial<OtlpSettings>): Runtime {
  const settings: OtlpSettings = {
    url: receiver.url,
    protocol: "http/protobuf",
    headers: { "x-api-key": HEADER_KEY },
    captureContent: false,
    batchDelayMs: 20,
    timeoutMs: 1500,
    ...otlp,
  };
  const runtime = createRuntime({
    dataDir: fs.mkdtempSync(path.join(dataDir, "rt-")),
    secrets: () => [TEST_TOKEN, HEADER_KEY],
    readKey: () => null,
    clock: createVirtualClock(TEST_START, { autoAdvance: true }),
    ...(otlp === undefined ? {} : { otlp: settings }),
    version: "9.9.9",
  });
  runtimes.push(runtime);
  return runtime;
}

async function run(runtime: Runtime, text: string, id?: string): Promise<string> {
  let sessionId = id;
  if (!sessionId) {
    const created = createSession(runtime, {});
    if (!created.ok) throw new Error(created.problem.error);
    sessionId = created.value.id;
  }
  const started = startMessageRun(runtime, sessionId, text);
  if (!started.ok) throw new Error(started.problem.error);
  await runtime.runs.get(sessionId)?.done;
  return sessionId;
}

const byName = (spans: ReadSpan[], prefix: string) => spans.filter((s) => s.name.startsWith(prefix));

describe("the live export", () => {
  it("sends a run as it happens over OTLP/HTTP protobuf: the span tree and attributes arrive, each span once", async () => {
    const runtime = openRuntime({});
    const id = await run(runtime, "What is in notes/todo.md?");
    await runtime.otlp!.flush();
    const request = receiver.requests[0]!;
    expect(request.contentType).toBe("application/x-protobuf");
    expect(request.headers["x-api-key"]).toBe(HEADER_KEY);
    const resource = (
      request.body.resourceSpans[0] as { resource: { attributes: { key: string; value: unknown }[] } }
    ).resource;
    expect(resource.attributes).toContainEqual({ key: "service.name", value: { stringValue: "toolscope" } });
    const spans = receiver.spans();
    expect(new Set(spans.map((s) => s.spanId)).size).toBe(spans.length);
    const [agent] = byName(spans, "invoke_agent");
    expect(agent!.parentSpanId).toBeUndefined();
    expect(agent!.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.conversation.id": id,
    });
    const under = spans.filter((s) => s.parentSpanId === agent!.spanId).map((s) => s.name);
    expect(under.sort()).toEqual([
      "chat toolscope-offline-1",
      "chat toolscope-offline-1",
      "execute_tool read_file",
    ]);
    const [chat] = byName(spans, "chat");
    expect(chat!.kind).toBe(3);
    expect(chat!.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "toolscope.offline",
      "gen_ai.request.model": "toolscope-offline-1",
      "gen_ai.response.finish_reasons": ["tool_call"],
    });
    expect(typeof chat!.attributes["gen_ai.usage.output_tokens"]).toBe("number");
    const [tool] = byName(spans, "execute_tool");
    expect(tool!.attributes).toMatchObject({
      "gen_ai.tool.name": "read_file",
      "gen_ai.operation.name": "execute_tool",
    });
    expect(spans.filter((s) => s.parentSpanId === tool!.spanId)).toHaveLength(9);
    expect(spans.some((s) => "gen_ai.input.messages" in s.attributes)).toBe(false);
    // A second run adds its own trace; nothing already sent is sent again.
    await run(runtime, "What is in notes/todo.md?", id);
    await runtime.otlp!.flush();
    const after = receiver.spans();
    expect(new Set(after.map((s) => s.spanId)).size).toBe(after.length);
    expect(byName(after, "invoke_agent")).toHaveLength(2);
  }, 60_000);

  it("sends OTLP/JSON with the opt-in content, secrets redacted as an export redacts them", async () => {
    const runtime = openRuntime({ protocol: "http/json", captureContent: true });
    await run(
      runtime,
      `What is in notes/todo.md? My key is ${HEADER_KEY} and sk-ant-api03-abcdefghijklmnopqrstuv.`,
    );
    await runtime.otlp!.flush();
    expect(receiver.requests[0]!.contentType).toBe("application/json");
    const spans = receiver.spans();
    const input = String(byName(spans, "chat")[0]!.attributes["gen_ai.input.messages"]);
    expect(input).toContain("What is in notes/todo.md?");
    expect(input).toContain("[REDACTED]");
    const everything = JSON.stringify(receiver.requests.map((r) => r.body));
    expect(everything).not.toContain(HEADER_KEY);
    expect(everything).not.toContain("sk-ant-api03");
    expect(everything).not.toContain(TEST_TOKEN);
    expect(byName(spans, "execute_tool")[0]!.attributes["gen_ai.tool.call.result"]).toContain("# Todo");
  }, 60_000);

  it("exports an import as it is stored, and after a restart only what happens next", async () => {
    const dir = fs.mkdtempSync(path.join(dataDir, "restart-"));
    const open = () => {
      const runtime = createRuntime({
        dataDir: dir,
        secrets: () => [TEST_TOKEN],
        readKey: () => null,
        clock: createVirtualClock(TEST_START, { autoAdvance: true }),
        otlp: {
          url: receiver.url,
          protocol: "http/json",
          headers: {},
          captureContent: false,
          batchDelayMs: 20,
          timeoutMs: 1500,
        },
      });
      runtimes.push(runtime);
      return runtime;
    };
    const first = open();
    const body = {
      model: "claude-sonnet-4-5",
      max_tokens: 100,
      messages: [
        { role: "user", content: "What is in notes/todo.md?" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "toolu_7", name: "read_file", input: { path: "notes/todo.md" } }],
        },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_7", content: "# Todo" }] },
      ],
    };
    const imported = importSession(first, { kind: "json", value: body });
    if (!imported.ok) throw new Error(imported.problem.error);
    await first.otlp!.flush();
    expect(byName(receiver.spans(), "execute_tool").map((s) => s.attributes["gen_ai.tool.call.id"])).toEqual([
      "toolu_7",
    ]);
    const id = await run(first, "What is in notes/todo.md?");
    await first.otlp!.flush();
    const before = receiver.spans().length;
    await first.otlp!.stop();
    const second = open();
    await run(second, "What is in notes/todo.md?", id);
    await second.otlp!.flush();
    const added = receiver.spans().slice(before);
    expect(byName(added, "invoke_agent")).toHaveLength(1);
    expect(new Set(receiver.spans().map((s) => s.spanId)).size).toBe(receiver.spans().length);
  }, 120_000);

  it("a collector that is down is logged once; runs go on to their end", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const runtime = openRuntime({ url: await findClosedUrl() });
    const first = await run(runtime, "What is in notes/todo.md?");
    await runtime.otlp!.flush();
    const second = await run(runtime, "What is in notes/todo.md?");
    await runtime.otlp!.flush();
    for (const id of [first, second]) expect(runtime.store.events(id).at(-1)!.kind).toBe("run.finished");
    const lines = warn.mock.calls.map((call) => String(call[0]));
    expect(lines.filter((line) => line.includes("OTLP export"))).toHaveLength(1);
    expect(lines[0]).toContain("failed");
    expect(lines.join("\n")).not.toContain(HEADER_KEY);
  }, 90_000);
});

describe("Export to OTLP", () => {
  it("POST sends a finished session to the collector and says how many spans it took", async () => {
    const runtime = openRuntime({ protocol: "http/json" });
    const id = await run(runtime, "What is in notes/todo.md?");
    const before = receiver.spans().length;
    const sent = await sendSessionOtlp(runtime, id);
    if (!sent.ok) throw new Error(sent.problem.error);
    expect(sent.value).toMatchObject({ endpoint: receiver.url, protocol: "http/json", traces: 1 });
    expect(receiver.spans().length - before).toBe(sent.value.spans);
    receiver.answerWith(503);
    const refused = await sendSessionOtlp(runtime, id);
    expect(refused.ok ? null : refused.problem.kind).toBe("upstream");
  }, 90_000);

  it("POST without a configured endpoint is unprocessable; an unknown session is not found", async () => {
    const runtime = openRuntime();
    const id = await run(runtime, "What is in notes/todo.md?");
    const sent = await sendSessionOtlp(runtime, id);
    expect(sent.ok ? null : sent.problem).toMatchObject({
      kind: "unprocessable",
      error: expect.stringContaining("TOOLSCOPE_OTLP_ENDPOINT"),
    });
    const missing = exportSessionOtlpJson(runtime, "ses_missing");
    expect(missing.ok ? null : missing.problem.kind).toBe("not_found");
  }, 60_000);

  it("round trip: the OTLP/JSON download imported back gives the same transcript", async () => {
    const runtime = openRuntime();
    const id = await run(runtime, "What is in notes/todo.md?");
    await run(runtime, "What is in notes/missing-file.md?", id);
    const file = exportSessionOtlpJson(runtime, id);
    if (!file.ok) throw new Error(file.problem.error);
    const imported = importSession(runtime, { kind: "json", value: JSON.parse(JSON.stringify(file.value)) });
    if (!imported.ok) throw new Error(imported.problem.error);
    expect(imported.value.detected).toEqual({ format: "otlp", provider: "offline" });
    const original = projectTranscript(runtime.store.events(id));
    const copy = projectTranscript(runtime.store.events(imported.value.id));
    const plain = (view: typeof original) => ({
      system: view.system,
      messages: view.messages.map(({ role, content }) => ({ role, content })),
    });
    expect(plain(copy)).toEqual(plain(original));
    expect(copy.tools.map((t) => t.name)).toEqual(original.tools.map((t) => t.name));
    expect(copy.messages.some((m) => m.content.some((b) => b.type === "toolResult" && b.isError))).toBe(true);
  }, 60_000);
});
