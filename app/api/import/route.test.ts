import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Runtime } from "@/lib/agent/runtime";
import { setRuntime } from "@/lib/server/runtime";
import { openTestRuntime } from "@/lib/agent/import/testing/runtime";
import { readFixtureText } from "@/lib/protocol/testing/fixtures";
import { GET } from "../sessions/[id]/export/route";
import { POST } from "./route";

let runtime: Runtime;
let dispose: () => void;
beforeEach(() => {
  ({ runtime, dispose } = openTestRuntime());
  setRuntime(runtime);
});
afterEach(() => {
  setRuntime(undefined);
  dispose();
});

function post(body: string, contentType: string): Promise<Response> {
  return POST(
    new Request("http://127.0.0.1:3000/api/import", {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    }),
  );
}

describe("POST /api/import", () => {
  it("takes a raw SSE capture as text/plain: 201 { id, detected, notes }", async () => {
    const response = await post(
      readFixtureText("anthropic-docs-stream-tool-use.sse"),
      "text/plain; charset=utf-8",
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; detected: unknown; notes: string[] };
    expect(body.detected).toEqual({ format: "sse", provider: "anthropic" });
    expect(body.notes[0]).toContain("without a blank line");
    expect(runtime.store.getSession(body.id)?.title).toBe("Imported Anthropic SSE capture");
  });

  it("takes a request body as application/json", async () => {
    const response = await post(readFixtureText("openai-chat-request-tool-results.json"), "application/json");
    expect(response.status).toBe(201);
    expect(((await response.json()) as { detected: unknown }).detected).toEqual({
      format: "request",
      provider: "openai-chat",
    });
  });

  it("answers unrecognized input with 422 { error } and saves nothing", async () => {
    const response = await post("just some words", "text/plain");
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: string }).error).toMatch(/^The text holds no SSE events/);
    expect(runtime.store.listSessions()).toEqual([]);
  });

  it("answers malformed JSON sent as JSON with 400, and a body over 20 MiB with 413", async () => {
    expect((await post("{", "application/json")).status).toBe(400);
    const big = "x".repeat(20 * 1024 * 1024 + 1);
    expect((await post(big, "text/plain")).status).toBe(413);
    expect((await post(JSON.stringify({ text: big }), "application/json")).status).toBe(413);
    expect(runtime.store.listSessions()).toEqual([]);
  });
});

describe("GET /api/sessions/:id/export", () => {
  it("serves the export file that POST /api/import reads back", async () => {
    const created = await post(readFixtureText("anthropic-stream-tool-use.sse"), "text/plain");
    const { id } = (await created.json()) as { id: string };
    const response = await GET(new Request(`http://127.0.0.1:3000/api/sessions/${id}/export`), {
      params: Promise.resolve({ id }),
    });
    expect(response.status).toBe(200);
    const file = (await response.json()) as { format: string; events: unknown[] };
    expect(file.format).toBe("toolscope-export");
    const again = await post(JSON.stringify(file), "application/json");
    expect(again.status).toBe(201);
    expect(((await again.json()) as { detected: unknown }).detected).toEqual({
      format: "toolscope-export",
      provider: "offline",
    });
  });

  it("is a 404 for an unknown session", async () => {
    const response = await GET(new Request("http://127.0.0.1:3000/api/sessions/nope/export"), {
      params: Promise.resolve({ id: "nope" }),
    });
    expect(response.status).toBe(404);
  });
});
