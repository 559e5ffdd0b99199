import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "@/lib/clock/system-clock";
import { testServerStdio, waitFor } from "@/lib/mcp/testing/servers";
import { createPipelineContext } from "@/lib/pipeline/context";
import { runBatch } from "@/lib/pipeline/run-batch";
import { validateForModel } from "@/lib/pipeline/validator";
import type { McpServerConfig } from "@/lib/trace/config";
import { isMcpTrusted } from "@/lib/trace/mcp-trust";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { exportSession } from "./export";
import { forkSession } from "./fork";
import { startMessageRun } from "./runs";
import { listForkPoints } from "@/lib/trace/fork-points";
import { importSession } from "./import/import-session";
import { createMcpCaller } from "./mcp-servers";
import { createSessionWithMcp, readSessionMcp, trustSessionMcp } from "./mcp-sessions";
import type { Runtime } from "./runtime";
import { createTestRuntime, only } from "./testing/offline-runtime";

let dataDir: string;
let runtime: Runtime;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-mcp-life-"));
  runtime = createTestRuntime({ dataDir, clock: systemClock });
});
afterAll(async () => {
  await runtime.mcp.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function newSession(servers: Record<string, McpServerConfig>): Promise<string> {
  const created = await createSessionWithMcp(runtime, { tools: [], mcpServers: servers });
  if (!created.ok) throw new Error(created.problem.error);
  return created.value.id;
}

/** Runs one call of `name` with `args` through the nine stages, as a run does, appending to the session's log. */
async function callTool(
  sessionId: string,
  name: string,
  args: Record<string, unknown>,
  callId = `call_${name}`,
) {
  const events = runtime.store.events(sessionId);
  const config = projectSessionConfig(events)!;
  const batch = await runBatch({
    calls: [{ type: "toolCall", id: callId, name, arguments: args, rawArguments: JSON.stringify(args) }],
    context: createPipelineContext({
      tools: config.tools,
      policy: config.policy,
      hooks: runtime.hooks,
      validate: validateForModel,
      clock: runtime.clock,
      log: [...events],
      append: (event) => runtime.store.append(sessionId, event),
      mcp: createMcpCaller(
        runtime,
        sessionId,
        config.mcpServers ?? {},
        isMcpTrusted(runtime.store.getSession(sessionId)!.source, events),
      ),
      awaitDecision: async () => ({ decision: "approve" }),
    }),
  });
  return { result: batch.results[0]!, events: runtime.store.events(sessionId) };
}

describe("MCP calls through the pipeline, on a small SDK server", () => {
  it("a long call times out, sends notifications/cancelled, and the server receives it", async () => {
    const id = await newSession({ t: { ...testServerStdio(), timeoutMs: 2500 } });
    const { result, events } = await callTool(id, "mcp__t__slow", { seconds: 30 });
    expect(result).toMatchObject({ isError: true, errorKind: "timeout" });
    const wire = only(events, "mcp.message").filter((e) => e.callId === "call_mcp__t__slow");
    expect(wire[0]).toMatchObject({ direction: "out", message: { method: "tools/call" } });
    const progress = only(events, "tool.progress").filter((e) => e.callId === "call_mcp__t__slow");
    expect(progress[0]).toMatchObject({ message: "second 1", fraction: 1 / 30 });
    const cancelled = wire.find((e) => e.message.method === "notifications/cancelled")!;
    expect(cancelled.direction).toBe("out");
    expect(cancelled.message.params).toMatchObject({ requestId: wire[0]!.message.id });
    await waitFor(
      () => /cancelled request/.test(readSessionMcp(runtime, id).ok ? stderrOf(id, "t") : ""),
      10_000,
      "the server writing that it was cancelled",
    );
  });

  it("isError from the server is an execution error with the server's text; a bad structuredContent is caught", async () => {
    const id = await newSession({ t: testServerStdio() });
    const failed = await callTool(id, "mcp__t__fail", {});
    expect(failed.result).toMatchObject({ isError: true, errorKind: "execution_error" });
    expect(failed.result.content).toContain("the disk is on fire");
    const bad = await callTool(id, "mcp__t__bad-structure", {});
    expect(bad.result.isError).toBe(true);
    expect(bad.result.content).toMatch(/outputSchema|count/);
  });

  it("a server that crashes mid-call gives a clear error and mcp.failed; the next call starts it again", async () => {
    const id = await newSession({ t: testServerStdio() });
    const { result } = await callTool(id, "mcp__t__crash", {});
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/failed on the MCP server t/);
    await waitFor(() => only(runtime.store.events(id), "mcp.failed").length > 0, 10_000, "mcp.failed");
    const failure = only(runtime.store.events(id), "mcp.failed")[0]!;
    expect(failure.error).toMatch(/exited with code 7/);
    expect(failure.stderr).toContain("crashing on purpose");
    const again = await callTool(id, "mcp__t__fail", {}, "call_again");
    expect(again.result.content).toContain("the disk is on fire");
    expect(only(again.events, "mcp.connected").at(-1)).toMatchObject({ server: "t", reason: "call" });
  });

  it("a stdio command that exits at once: the session is made, mcp.failed says why, no hang", async () => {
    const id = await newSession({
      gone: { type: "stdio", command: "node", args: ["-e", "process.exit(4)"] },
    });
    const events = runtime.store.events(id);
    expect(only(events, "mcp.failed")[0]).toMatchObject({ server: "gone" });
    expect(only(events, "mcp.failed")[0]!.error).toMatch(/exited with code 4/);
    expect(projectSessionConfig(events)!.tools).toEqual([]);
  });

  it("tools/list_changed lists again and records a session.configured with the new tool", async () => {
    const id = await newSession({ t: testServerStdio() });
    await callTool(id, "mcp__t__add-tool", {});
    await waitFor(
      () =>
        projectSessionConfig(runtime.store.events(id))!.tools.some((tool) => tool.name === "mcp__t__added"),
      10_000,
      "the added tool in the session",
    );
    // add-tool has no annotations: destructive and open-world by the MCP defaults, so it waited for approval, saying why.
    const waiting = only(runtime.store.events(id), "tool.stage").find((e) => e.status === "waiting")!;
    expect(waiting.output).toMatch(/gives no destructiveHint.*destructive and open-world/);
    const configured = only(runtime.store.events(id), "session.configured").at(-1)!;
    expect(configured.changes.tools?.after.map((tool) => tool.name)).toContain("mcp__t__added");
    expect(only(runtime.store.events(id), "mcp.connected").at(-1)).toMatchObject({ reason: "list-changed" });
  });
});

function stderrOf(id: string, server: string): string {
  const read = readSessionMcp(runtime, id);
  return read.ok ? (read.value.servers.find((s) => s.name === server)?.stderr ?? "") : "";
}

describe("imported and forked sessions keep their servers as data until a person trusts them", () => {
  it("an import spawns nothing, its calls start nothing; trust starts the server", async () => {
    const id = await newSession({ t: testServerStdio() });
    await runtime.mcp.stopSession(id);
    const exported = exportSession(runtime, id);
    if (!exported.ok) throw new Error(exported.problem.error);
    const groups = runtime.mcp.listGroups().length;
    const imported = importSession(runtime, { kind: "json", value: exported.value });
    if (!imported.ok) throw new Error(imported.problem.error);
    const copy = imported.value.id;
    expect(runtime.mcp.listGroups().length).toBe(groups);
    expect(runtime.mcp.isOpen(copy, "t")).toBe(false);
    const read = readSessionMcp(runtime, copy);
    expect(read.ok && read.value.trusted).toBe(false);

    const untrusted = await callTool(copy, "mcp__t__fail", {});
    expect(untrusted.result.content).toMatch(/starts only once a person trusts the session/);
    expect(runtime.mcp.isOpen(copy, "t")).toBe(false);
    expect(runtime.mcp.listGroups().length).toBe(groups);

    const trusted = await trustSessionMcp(runtime, copy);
    expect(trusted).toEqual({ ok: true, value: { trusted: ["t"], connected: ["t"], failed: [] } });
    expect(only(runtime.store.events(copy), "session.trusted")).toHaveLength(1);
    const after = await callTool(copy, "mcp__t__fail", {}, "call_after");
    expect(after.result.content).toContain("the disk is on fire");

    // An export of the trusted copy does not carry the trust.
    const again = exportSession(runtime, copy);
    if (!again.ok) throw new Error(again.problem.error);
    const second = importSession(runtime, { kind: "json", value: again.value });
    if (!second.ok) throw new Error(second.problem.error);
    expect(only(runtime.store.events(second.value.id), "session.trusted")).toEqual([]);
    expect(second.value.notes.join(" ")).toMatch(/Trust given/);
  });

  it("a fork is untrusted until trusted", async () => {
    const id = await newSession({ t: testServerStdio() });
    const started = startMessageRun(runtime, id, "hello");
    if (!started.ok) throw new Error(started.problem.error);
    await runtime.runs.get(id)?.done;
    const at = listForkPoints(runtime.store.events(id)).at(-1)!;
    const forked = forkSession(runtime, id, { at });
    if (!forked.ok) throw new Error(forked.problem.error);
    const read = readSessionMcp(runtime, forked.value.id);
    expect(read.ok && read.value.trusted).toBe(false);
    expect(runtime.mcp.isOpen(forked.value.id, "t")).toBe(false);
    expect((await trustSessionMcp(runtime, forked.value.id)).ok).toBe(true);
    const trusted = readSessionMcp(runtime, forked.value.id);
    expect(trusted.ok && trusted.value.trusted).toBe(true);
  });
});
