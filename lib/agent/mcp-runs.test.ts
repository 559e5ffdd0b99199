import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "@/lib/clock/system-clock";
import { LISTINGS_KEPT } from "@/lib/mcp/hub";
import { everythingStdio, testServerStdio, waitFor } from "@/lib/mcp/testing/servers";
import type { McpServerConfig } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { findUnansweredCalls, projectTranscript } from "@/lib/trace/transcript";
import { controlSession, decideCall } from "./control";
import { exportSession } from "./export";
import { importSession } from "./import/import-session";
import { createSessionWithMcp, readSessionMcp } from "./mcp-sessions";
import { replayCall } from "./replay";
import { startMessageRun } from "./runs";
import type { Runtime } from "./runtime";
import { createTestRuntime, only } from "./testing/offline-runtime";

let dataDir: string;
let runtime: Runtime;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-mcp-runs-"));
  runtime = createTestRuntime({ dataDir, clock: systemClock });
});
afterAll(async () => {
  await runtime.mcp.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

async function newSession(servers: Record<string, McpServerConfig>): Promise<string> {
  const created = await createSessionWithMcp(runtime, { tools: [], mcpServers: servers });
  if (!created.ok) throw new Error(created.problem.error);
  return created.value.id;
}

function start(sessionId: string, text: string) {
  const started = startMessageRun(runtime, sessionId, text);
  if (!started.ok) throw new Error(started.problem.error);
  return started.value.runId;
}

const methodOf = (event: { message: Record<string, unknown> }) =>
  typeof event.message.method === "string" ? event.message.method : "response";

/** Starts a run that calls `tool` and waits until the server has reported progress on it. */
async function startLongCall(id: string, text: string): Promise<string> {
  start(id, text);
  await waitFor(
    () => only(runtime.store.events(id), "tool.progress").length > 0,
    // A bound, not a timing check: the first run in a worker loads the offline model, slow under load.
    45_000,
    "progress from the long call",
  );
  return only(runtime.store.events(id), "tool.progress")[0]!.callId;
}

/** Interrupts the live run; answers the log once the run has ended. */
async function interrupt(id: string): Promise<TraceEvent[]> {
  const stopped = await controlSession(runtime, id, "interrupt");
  expect(stopped.ok).toBe(true);
  return runtime.store.events(id);
}

function expectInterruptedAndCancelled(events: TraceEvent[], callId: string) {
  expect(only(events, "run.interrupted")).toHaveLength(1);
  expect(only(events, "run.finished")).toEqual([]);
  // The call's result is the run's `interrupted` one, saying the tool was running; the
  // transcript pairs it with the call (no call is left unanswered).
  expect(only(events, "tool.result").filter((e) => e.callId === callId)).toEqual([]);
  const results = only(events, "run.interrupted")[0]!.syntheticResults.filter((r) => r.toolCallId === callId);
  expect(results).toHaveLength(1);
  expect(results[0]).toMatchObject({ isError: true, errorKind: "interrupted" });
  expect(results[0]!.content).toMatch(/while mcp__\w+__[\w-]+ was running/);
  expect(findUnansweredCalls(projectTranscript(events))).toEqual([]);
  const wire = only(events, "mcp.message").filter((e) => e.callId === callId);
  const request = wire.find((e) => methodOf(e) === "tools/call")!;
  const cancelled = wire.find((e) => methodOf(e) === "notifications/cancelled")!;
  expect(cancelled.direction).toBe("out");
  expect(cancelled.message.params).toMatchObject({ requestId: request.message.id });
  return request.message.id;
}

describe("interrupting a run during a long MCP call", () => {
  it("server-everything's long-running operation: the run ends at once, cancelled on the wire, the result interrupted", async () => {
    const id = await newSession({ every: everythingStdio() });
    const callId = await startLongCall(
      id,
      "use mcp__every__trigger-long-running-operation with duration 60 and steps 60",
    );
    const events = await interrupt(id);
    expectInterruptedAndCancelled(events, callId);
    // Nothing of the call comes after the run ended: no progress is taken for a call given up.
    const ended = only(events, "run.interrupted")[0]!.seq;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const later = runtime.store.events(id, ended);
    expect(later.filter((e) => e.kind === "tool.progress" || e.kind === "mcp.message")).toEqual([]);
  }, 90_000);

  it("the server receives notifications/cancelled for the call's request id", async () => {
    const id = await newSession({ t: testServerStdio() });
    const callId = await startLongCall(id, "use mcp__t__slow with seconds 60");
    const events = await interrupt(id);
    const requestId = expectInterruptedAndCancelled(events, callId);
    await waitFor(
      () => stderrOf(id, "t").includes(`cancelled request ${String(requestId)}`),
      10_000,
      "the server writing that it was cancelled",
    );
  }, 90_000);
});

function stderrOf(id: string, server: string): string {
  const read = readSessionMcp(runtime, id);
  return read.ok ? (read.value.servers.find((s) => s.name === server)?.stderr ?? "") : "";
}

describe("the conversation with a server outside calls is recorded", () => {
  it("initialize and tools/list are mcp.message events before mcp.connected, with no callId", async () => {
    const id = await newSession({ t: testServerStdio() });
    const events = runtime.store.events(id);
    const connected = only(events, "mcp.connected")[0]!;
    const wire = only(events, "mcp.message").filter((e) => e.seq < connected.seq);
    expect(wire.map((e) => `${e.direction} ${methodOf(e)}`)).toEqual([
      "out initialize",
      "in response",
      "out notifications/initialized",
      "out tools/list",
      "in response",
    ]);
    expect(wire.every((e) => e.callId === undefined && e.server === "t")).toBe(true);
    expect(wire[1]!.message.id).toBe(wire[0]!.message.id);
    expect(wire[1]!.message.result).toHaveProperty("protocolVersion");
    expect(wire[4]!.message.result).toHaveProperty("tools");
  }, 60_000);

  it("a server that keeps saying its tools changed is listed a bounded number of times", async () => {
    const id = await newSession({ t: testServerStdio() });
    start(id, "use mcp__t__churn with count 60");
    await runtime.runs.get(id)?.done;
    const result = only(runtime.store.events(id), "tool.result")[0]!;
    expect(result.content).toContain("churned 60 times");
    // Let the last listings come in.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const wire = only(runtime.store.events(id), "mcp.message").filter((e) => e.callId === undefined);
    const changes = wire.filter((e) => methodOf(e) === "notifications/tools/list_changed");
    const listings = wire.filter((e) => methodOf(e) === "tools/list");
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.length).toBeLessThanOrEqual(LISTINGS_KEPT);
    expect(listings.length).toBeLessThanOrEqual(LISTINGS_KEPT);
    // The tools came back to what they were: no session.configured for them.
    expect(only(runtime.store.events(id), "session.configured")).toEqual([]);
  }, 90_000);
});

describe("tools a server adds during a run", () => {
  it("reach the run's next request, recorded as session.configured", async () => {
    const id = await newSession({ t: testServerStdio() });
    start(id, "use mcp__t__add-tool");
    // add-tool is unannotated: destructive by the MCP defaults, so it waits for approval.
    await waitFor(
      () => runtime.store.events(id).some((e) => e.kind === "run.paused" && e.reason === "approval"),
      15_000,
      "add-tool waiting for approval",
    );
    const waiting = only(runtime.store.events(id), "tool.stage").find((e) => e.status === "waiting")!;
    expect(decideCall(runtime, id, waiting.callId, { decision: "approve" }).ok).toBe(true);
    await runtime.runs.get(id)?.done;
    const events = runtime.store.events(id);
    const configured = only(events, "session.configured").at(-1)!;
    expect(configured.changes.tools?.after.map((tool) => tool.name)).toContain("mcp__t__added");
    const requests = only(events, "request.assembled");
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(requests[0]!.body)).not.toContain("mcp__t__added");
    const next = requests.find((e) => e.seq > configured.seq)!;
    expect(next.turn).toBe(requests[0]!.turn + 1);
    expect(JSON.stringify(next.body)).toContain("mcp__t__added");
    expect(projectSessionConfig(events)!.tools.some((tool) => tool.name === "mcp__t__added")).toBe(true);
  }, 90_000);
});

describe("replaying a recorded MCP call", () => {
  async function recordedSum(): Promise<{ id: string; callId: string }> {
    const id = await newSession({ every: everythingStdio() });
    start(id, "use mcp__every__get-sum with a 2 and b 3");
    await runtime.runs.get(id)?.done;
    const result = only(runtime.store.events(id), "tool.result")[0]!;
    expect(result).toMatchObject({ name: "mcp__every__get-sum", isError: false });
    expect(result.content).toContain("5");
    return { id, callId: result.callId };
  }

  it("calls the server again with the edited arguments, through the stages; one call.replayed", async () => {
    const { id, callId } = await recordedSum();
    // The server is stopped: the replay starts it again.
    await runtime.mcp.stopSession(id);
    const before = runtime.store.events(id).length;
    const replayed = await replayCall(runtime, id, callId, { arguments: { a: 40, b: 2 } });
    if (!replayed.ok) throw new Error(replayed.problem.error);
    expect(replayed.value.result).toMatchObject({ isError: false });
    expect(replayed.value.result.content).toContain("42");
    expect(replayed.value.stages.map((stage) => stage.stage)).toContain("execute");
    expect(replayed.value.stages.find((stage) => stage.stage === "execute")?.status).toBe("ok");
    const appended = runtime.store.events(id).slice(before);
    expect(appended.filter((e) => e.kind === "call.replayed")).toHaveLength(1);
    expect(only(appended, "call.replayed")[0]).toMatchObject({ callId, arguments: { a: 40, b: 2 } });
  }, 90_000);

  it("checks edited arguments against the server's inputSchema first: nothing reaches the server", async () => {
    const { id, callId } = await recordedSum();
    await runtime.mcp.stopSession(id);
    const replayed = await replayCall(runtime, id, callId, { arguments: { a: "forty" } });
    if (!replayed.ok) throw new Error(replayed.problem.error);
    expect(replayed.value.result).toMatchObject({ isError: true, errorKind: "schema_validation_error" });
    expect(replayed.value.stages.find((stage) => stage.stage === "validate")?.status).toBe("error");
    expect(replayed.value.stages.some((stage) => stage.stage === "execute" && stage.status === "ok")).toBe(
      false,
    );
    expect(runtime.mcp.isOpen(id, "every")).toBe(false);
  }, 90_000);

  it("an untrusted (imported) session's server is not started: conflict, saying why", async () => {
    const { id, callId } = await recordedSum();
    await runtime.mcp.stopSession(id);
    const exported = exportSession(runtime, id);
    if (!exported.ok) throw new Error(exported.problem.error);
    const imported = importSession(runtime, { kind: "json", value: exported.value });
    if (!imported.ok) throw new Error(imported.problem.error);
    const copy = imported.value.id;
    const groups = runtime.mcp.listGroups().length;
    const replayed = await replayCall(runtime, copy, callId, {});
    expect(replayed.ok).toBe(false);
    if (replayed.ok) return;
    expect(replayed.problem.kind).toBe("conflict");
    expect(replayed.problem.error).toMatch(/trusts the session.*Nothing ran/);
    expect(runtime.mcp.isOpen(copy, "every")).toBe(false);
    expect(runtime.mcp.listGroups().length).toBe(groups);
    expect(only(runtime.store.events(copy), "call.replayed")).toEqual([]);
  }, 90_000);
});
