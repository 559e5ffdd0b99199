import { expect, test } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import type { EventOf, TraceEvent } from "@/lib/trace/events";
import {
  callApi,
  isProcessAlive,
  listGroupPids,
  readCommandName,
  startServerGroup,
  type ServerGroup,
} from "./support/server-group";
import { openEventStream, type EventStreamClient } from "./support/sse-client";

/**
 * The server killed with SIGKILL in the middle of two runs — one streaming a model turn, one
 * inside a tool — then started again on the same data dir: every event a client had received
 * before the kill is in the log, unchanged; each run is marked interrupted, with an
 * `interrupted` result for the call that was running; the transcript passes `checkTranscript`;
 * and a client resuming with `Last-Event-ID` gets the rest, once. Real processes, real HTTP.
 */

const PORT = 3122;
const TOKEN = "crash-token-0123456789abcdef";
const REASON = "the server stopped while this run was live";

/** Starts a session with `provider`, opens its event stream, sends `text`. */
async function startRun(server: ServerGroup, provider: object, text: string) {
  const { id } = await callApi<{ id: string }>(server, "POST", "/api/sessions", { body: { provider } });
  const stream = await openEventStream({ origin: server.origin, token: server.token, sessionId: id });
  const { runId } = await callApi<{ runId: string }>(server, "POST", `/api/sessions/${id}/messages`, {
    body: { text },
  });
  return { id, runId, stream };
}

/** What the restarted server holds for a session: its log and its unified transcript. */
async function readAfterRestart(server: ServerGroup, id: string) {
  const { session, events } = await callApi<{ session: { status: string }; events: TraceEvent[] }>(
    server,
    "GET",
    `/api/sessions/${id}`,
  );
  const transcript = await callApi<{ body: { messages: UnifiedMessage[] } }>(
    server,
    "GET",
    `/api/sessions/${id}/transcript?format=unified`,
  );
  return { status: session.status, events, messages: transcript.body.messages };
}

/** Every event the client received before the kill is in the log, unchanged and at its seq. */
function expectAcknowledgedKept(stream: EventStreamClient, events: readonly TraceEvent[]): void {
  const acknowledged = stream.received.map((m) => m.event);
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(stream.received.map((m) => m.id)).toEqual(acknowledged.map((e) => String(e.seq)));
  expect(events.slice(0, acknowledged.length)).toEqual(acknowledged);
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
}

test("a server killed with SIGKILL mid-run loses no acknowledged event and marks the runs interrupted", async () => {
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-crash-"));
  let server = await startServerGroup({ port: PORT, dataDir, token: TOKEN });
  try {
    // A: turn 1 streams two wire events a second, so the kill lands inside the stream.
    const streaming = await startRun(server, { kind: "offline", pace: 2 }, "What is in notes/todo.md?");
    await streaming.stream.waitFor((e) => e.kind === "wire.event" && e.index === 3);
    // B: slow_task runs for its 3 s limit in real time; the kill lands while it runs.
    const running = await startRun(server, { kind: "offline" }, "Run the slow task with 8 steps");
    const execute = await running.stream.waitFor(
      (e) => e.kind === "tool.stage" && e.stage === "execute" && e.status === "running",
    );

    // The whole group: start.mjs and the server process (scripts/server.mjs, Next inside it) that holds the port and the database.
    const group = listGroupPids(server.pgid);
    const nextServer = group.find((pid) => readCommandName(pid)?.startsWith("toolscope-serv"));
    expect(nextServer).toBeDefined();
    await server.kill("SIGKILL");
    expect(group.filter(isProcessAlive)).toEqual([]);
    await Promise.all([streaming.stream.ended, running.stream.ended]);
    await expect(fetch(`${server.origin}/api/health`)).rejects.toThrow();

    server = await startServerGroup({ port: PORT, dataDir, token: TOKEN });
    const a = await readAfterRestart(server, streaming.id);
    const b = await readAfterRestart(server, running.id);

    expectAcknowledgedKept(streaming.stream, a.events);
    expectAcknowledgedKept(running.stream, b.events);
    for (const [after, runId] of [
      [a, streaming.runId],
      [b, running.runId],
    ] as const) {
      expect(after.status).toBe("interrupted");
      expect(after.events.at(-1)).toMatchObject({ kind: "run.interrupted", runId, reason: REASON });
      expect(after.events.filter((e) => /^run\.(finished|failed|interrupted)$/.test(e.kind))).toHaveLength(1);
      expect(checkTranscript(after.messages)).toEqual([]);
    }
    // A was cut inside turn 1: no call was made, so nothing needed answering.
    expect((a.events.at(-1) as EventOf<"run.interrupted">).syntheticResults).toEqual([]);
    expect(a.messages.map((m) => m.role)).toEqual(["user"]);
    // B was inside slow_task: its call gets the one result the transcript needs.
    const callId = (execute.event as EventOf<"tool.stage">).callId;
    expect((b.events.at(-1) as EventOf<"run.interrupted">).syntheticResults).toEqual([
      {
        type: "toolResult",
        toolCallId: callId,
        content:
          "The server stopped while slow_task was running; it may or may not have finished. Check before calling it again.",
        isError: true,
        errorKind: "interrupted",
      },
    ]);
    expect(b.messages.map((m) => [m.role, m.content.map((block) => block.type)])).toEqual([
      ["user", ["text"]],
      ["assistant", ["text", "toolCall"]],
      ["user", ["toolResult"]],
    ]);

    // A client resuming where it was cut off gets exactly the rest of the log.
    const lastSeen = running.stream.received.at(-1)!.event.seq;
    const resumed = await openEventStream({
      origin: server.origin,
      token: TOKEN,
      sessionId: running.id,
      lastEventId: lastSeen,
    });
    await resumed.waitFor((e) => e.kind === "run.interrupted");
    resumed.close();
    expect(resumed.received.map((m) => m.event)).toEqual(b.events.slice(lastSeen + 1));
  } finally {
    await server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
