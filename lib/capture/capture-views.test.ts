/**
 * A captured session works with every view the API serves: its detail and list item match the
 * contract, its transcript comes in all four formats with the client's result paired, it exports
 * and imports again, it forks into a Toolscope-run session, and a change of tools between requests
 * is a `session.configured`. Recorded through the real Anthropic SDK over real HTTP.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exportSession } from "@/lib/agent/export";
import { forkSession } from "@/lib/agent/fork";
import { importSession } from "@/lib/agent/import/import-session";
import { getSessionDetail } from "@/lib/agent/session-detail";
import { getTranscriptBody } from "@/lib/agent/transcript-body";
import { CaptureView } from "@/lib/contract/capture";
import { SessionDetail, SessionList } from "@/lib/contract/sessions";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { listContractViolations } from "@/lib/server/testing/contract-check";
import { CAPTURE_TOKEN, startCaptureServer, type CaptureServer } from "@/lib/server/testing/capture-server";
import { listForkPoints } from "@/lib/trace/fork-points";
import { projectTranscript } from "@/lib/trace/transcript";

const READ = {
  name: "read_file",
  description: "Read a text file from the workspace.",
  input_schema: { type: "object" as const, properties: { path: { type: "string" } }, required: ["path"] },
};
const WRITE = {
  name: "write_file",
  description: "Write a text file.",
  input_schema: {
    type: "object" as const,
    properties: { path: { type: "string" }, content: { type: "string" } },
    required: ["path", "content"],
  },
};

let server: CaptureServer;
let sessionId: string;
beforeEach(async () => {
  server = await startCaptureServer();
  const anthropic = new Anthropic({
    apiKey: CAPTURE_TOKEN,
    baseURL: `${server.origin}/capture/anthropic`,
    maxRetries: 0,
  });
  const question: Anthropic.MessageParam = { role: "user", content: "What is in notes/todo.md?" };
  const first = await anthropic.messages
    .stream({ model: "m", max_tokens: 256, tools: [READ], messages: [question] })
    .finalMessage();
  const call = first.content.find((block) => block.type === "tool_use");
  if (call?.type !== "tool_use") throw new Error("the offline model made no call");
  await anthropic.messages
    .stream({
      model: "m",
      max_tokens: 256,
      tools: [READ, WRITE],
      messages: [
        question,
        { role: "assistant", content: first.content },
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: call.id, content: "- [ ] Write tests" }],
        },
      ],
    })
    .finalMessage();
  sessionId = server.runtime.store.listSessions()[0]!.id;
}, 60_000);
afterEach(async () => {
  await server.close();
}, 60_000);

describe("a captured session in the API's views", { timeout: 60_000 }, () => {
  it("has a detail, a list item and a capture view that match the contract", async () => {
    const detail = getSessionDetail(server.runtime, sessionId);
    expect(detail.ok).toBe(true);
    if (!detail.ok) return;
    expect(listContractViolations(SessionDetail, detail.value)).toEqual([]);
    expect(detail.value.session).toMatchObject({
      source: "capture",
      client: "Anthropic SDK (TypeScript)",
      status: "finished",
    });
    const page = server.runtime.store.pageSessions({ limit: 10, source: "capture" });
    expect(listContractViolations(SessionList, page)).toEqual([]);
    const response = await fetch(`${server.origin}/api/capture`, {
      headers: { authorization: `Bearer ${CAPTURE_TOKEN}` },
    });
    const view = await response.json();
    expect(listContractViolations(CaptureView, view)).toEqual([]);
    expect(view).toMatchObject({
      endpoints: {
        anthropic: `${server.origin}/capture/anthropic`,
        openai: `${server.origin}/capture/openai/v1`,
      },
      defaultUpstream: "offline",
    });
  });

  it("records the new tool as a session.configured", () => {
    const configured = server.runtime.store
      .events(sessionId)
      .filter((event) => event.kind === "session.configured");
    expect(configured).toHaveLength(1);
    expect(
      configured[0]?.kind === "session.configured" &&
        configured[0].changes.tools?.after.map((tool) => tool.name),
    ).toEqual(["read_file", "write_file"]);
  });

  it("serves the transcript in all four formats, valid, with the client's result paired", () => {
    const view = projectTranscript(server.runtime.store.events(sessionId));
    expect(checkTranscript(view.messages)).toEqual([]);
    expect(view.messages.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
    for (const format of ["anthropic", "openai-chat", "openai-responses", "unified"] as const) {
      const body = getTranscriptBody(server.runtime, sessionId, { format });
      expect(body.ok).toBe(true);
      expect(JSON.stringify(body)).toContain("- [ ] Write tests");
    }
  });

  it("exports and imports again, and forks into a session Toolscope runs", () => {
    const exported = exportSession(server.runtime, sessionId);
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    const imported = importSession(server.runtime, {
      kind: "json",
      value: JSON.parse(JSON.stringify(exported.value)),
    });
    expect(imported.ok ? "imported" : imported.problem.error).toBe("imported");
    const points = listForkPoints(server.runtime.store.events(sessionId));
    expect(points.length).toBeGreaterThan(1);
    const forked = forkSession(server.runtime, sessionId, { at: points[1]! });
    expect(forked.ok ? "forked" : forked.problem.error).toBe("forked");
  });

  it("persists the default upstream, and refuses an unknown one naming the field", async () => {
    const put = (body: unknown) =>
      fetch(`${server.origin}/api/capture`, {
        method: "PUT",
        headers: { authorization: `Bearer ${CAPTURE_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const refused = await put({ defaultUpstream: "nowhere" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ path: "/defaultUpstream" });
    const accepted = await put({ defaultUpstream: "anthropic" });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ defaultUpstream: "anthropic" });
    // Without a key, the anthropic upstream cannot answer: the SDK is told why, in its own shape.
    const anthropic = new Anthropic({
      apiKey: CAPTURE_TOKEN,
      baseURL: `${server.origin}/capture/anthropic`,
      maxRetries: 0,
    });
    const attempt = anthropic.messages.create({
      model: "m",
      max_tokens: 8,
      messages: [{ role: "user", content: "Hi" }],
    });
    await expect(attempt).rejects.toThrow(/cannot answer now: no Anthropic key/);
  });
});
