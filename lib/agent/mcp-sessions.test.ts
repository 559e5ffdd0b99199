import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "@/lib/clock/system-clock";
import { filesystemStdio, processExists, waitFor } from "@/lib/mcp/testing/servers";
import type { TraceEvent } from "@/lib/trace/events";
import { STAGES } from "@/lib/trace/events";
import { decideCall } from "./control";
import { createSessionWithMcp } from "./mcp-sessions";
import { startMessageRun } from "./runs";
import type { Runtime } from "./runtime";
import { deleteSession } from "./sessions";
import { createTestRuntime, only } from "./testing/offline-runtime";

let dataDir: string;
let folder: string;
let runtime: Runtime;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-mcp-"));
  folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-mcp-files-")));
  fs.writeFileSync(path.join(folder, "hello.txt"), "hello from the test\n");
  runtime = createTestRuntime({ dataDir, clock: systemClock });
});
afterAll(async () => {
  await runtime.mcp.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(folder, { recursive: true, force: true });
});

async function newFilesystemSession(): Promise<string> {
  const created = await createSessionWithMcp(runtime, {
    tools: [],
    mcpServers: { fs: filesystemStdio(folder) },
  });
  if (!created.ok) throw new Error(created.problem.error);
  return created.value.id;
}

async function send(sessionId: string, text: string): Promise<TraceEvent[]> {
  const started = startMessageRun(runtime, sessionId, text);
  if (!started.ok) throw new Error(started.problem.error);
  await runtime.runs.get(sessionId)?.done;
  return runtime.store.events(sessionId);
}

describe("a session whose only tools come from the real filesystem server (stdio)", () => {
  it("lists the server's tools as mcp__fs__*, with metadata from their annotations", async () => {
    const id = await newFilesystemSession();
    const events = runtime.store.events(id);
    const created = only(events, "session.created")[0]!;
    const tools = created.config.tools;
    expect(tools.length).toBeGreaterThan(5);
    expect(tools.every((tool) => tool.name.startsWith("mcp__fs__") && tool.source?.mcp === "fs")).toBe(true);
    const read = tools.find((tool) => tool.source?.tool === "read_text_file")!;
    expect(read.meta).toMatchObject({ readOnly: true, destructive: false, concurrencySafe: true });
    const write = tools.find((tool) => tool.source?.tool === "write_file")!;
    expect(write.meta).toMatchObject({ readOnly: false, destructive: true });
    expect(created.config.mcpServers?.fs).toMatchObject({ type: "stdio", command: "node" });
    const connected = only(events, "mcp.connected")[0]!;
    expect(connected).toMatchObject({ server: "fs", reason: "configured" });
    expect(connected.tools.map((tool) => tool.sessionName)).toEqual(tools.map((tool) => tool.name));
  });

  it("the offline model reads a file the test wrote, through all nine stages, with tools/call recorded", async () => {
    const id = await newFilesystemSession();
    const events = await send(id, `read ${path.join(folder, "hello.txt")}`);
    const result = only(events, "tool.result")[0]!;
    expect(result.name).toMatch(/^mcp__fs__read/);
    expect(result.isError).toBe(false);
    expect(result.content).toContain("hello from the test");
    const stages = only(events, "tool.stage").filter(
      (e) => e.callId === result.callId && e.status !== "running",
    );
    expect(new Set(stages.map((stage) => stage.stage))).toEqual(new Set(STAGES));
    const messages = only(events, "mcp.message").filter((e) => e.callId === result.callId);
    expect(messages[0]).toMatchObject({ server: "fs", direction: "out", message: { method: "tools/call" } });
    expect((messages[0]!.message.params as { _meta: unknown })._meta).toEqual({
      progressToken: result.callId,
    });
    expect(messages.at(-1)).toMatchObject({ direction: "in", message: { id: messages[0]!.message.id } });
    expect(only(events, "run.finished")).toHaveLength(1);
  });

  it("a destructive write waits for approval, says why, and a denial writes nothing on disk", async () => {
    const id = await newFilesystemSession();
    const target = path.join(folder, "denied.txt");
    const started = startMessageRun(runtime, id, `write "nope" to ${target}`);
    if (!started.ok) throw new Error(started.problem.error);
    await waitFor(
      () => runtime.store.events(id).some((e) => e.kind === "run.paused" && e.reason === "approval"),
      15_000,
      "the write waiting for approval",
    );
    const waiting = only(runtime.store.events(id), "tool.stage").find((e) => e.status === "waiting")!;
    expect(waiting.output).toMatch(/mcp__fs__write_file.*destructive/);
    const denied = decideCall(runtime, id, waiting.callId, { decision: "deny", reason: "not today" });
    expect(denied.ok).toBe(true);
    await runtime.runs.get(id)?.done;
    const result = only(runtime.store.events(id), "tool.result").find((e) => e.callId === waiting.callId)!;
    expect(result).toMatchObject({ isError: true, errorKind: "denied_by_user" });
    expect(fs.existsSync(target)).toBe(false);
    expect(only(runtime.store.events(id), "mcp.message").filter((e) => e.callId === waiting.callId)).toEqual(
      [],
    );
  });

  it("an approved write lands on disk", async () => {
    const id = await newFilesystemSession();
    const target = path.join(folder, "approved.txt");
    const started = startMessageRun(runtime, id, `write "yes" to ${target}`);
    if (!started.ok) throw new Error(started.problem.error);
    await waitFor(
      () => runtime.store.events(id).some((e) => e.kind === "run.paused" && e.reason === "approval"),
      15_000,
      "the write waiting for approval",
    );
    const waiting = only(runtime.store.events(id), "tool.stage").find((e) => e.status === "waiting")!;
    expect(decideCall(runtime, id, waiting.callId, { decision: "approve" }).ok).toBe(true);
    await runtime.runs.get(id)?.done;
    const result = only(runtime.store.events(id), "tool.result").find((e) => e.callId === waiting.callId)!;
    expect(result.isError).toBe(false);
    expect(fs.existsSync(target)).toBe(true);
  });

  it("deleting the session stops its server's process group", async () => {
    const id = await newFilesystemSession();
    const [pgid] = runtime.mcp.listGroups().slice(-1);
    expect(pgid && processExists(-pgid)).toBe(true);
    expect(deleteSession(runtime, id).ok).toBe(true);
    await waitFor(() => !processExists(-pgid!), 10_000, "the server's group ending");
  });
});
