/**
 * The capture endpoints' edge, over real HTTP through proxy.ts: the launch token as the client's
 * key (`x-api-key` or `Authorization: Bearer`), refusals in the provider's own shape, a foreign
 * Origin refused, probes answered; the token in neither the log, the export nor the server's output;
 * a 30 MB request recorded whole.
 */
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exportSession } from "@/lib/agent/export";
import { CAPTURE_TOKEN, startCaptureServer, type CaptureServer } from "@/lib/server/testing/capture-server";

let server: CaptureServer;
beforeEach(async () => {
  server = await startCaptureServer();
}, 60_000);
afterEach(async () => {
  await server.close();
}, 60_000);

const MESSAGE = { model: "m", max_tokens: 64, messages: [{ role: "user", content: "Hello" }] };

async function post(path: string, headers: Record<string, string>, body: unknown = MESSAGE) {
  return fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

describe("the capture endpoints' edge", { timeout: 60_000 }, () => {
  it("refuses a missing key with 401 in Anthropic's and OpenAI's own error shapes", async () => {
    const anthropic = await post("/capture/anthropic/v1/messages", {});
    expect(anthropic.status).toBe(401);
    expect(await anthropic.json()).toEqual({
      type: "error",
      error: { type: "authentication_error", message: expect.stringContaining("launch token") },
    });
    const openai = await post("/capture/openai/v1/chat/completions", { authorization: "Bearer nope" });
    expect(openai.status).toBe(401);
    expect(await openai.json()).toEqual({
      error: {
        message: expect.any(String),
        type: "invalid_request_error",
        code: "invalid_api_key",
        param: null,
      },
    });
  });

  it("refuses a foreign Origin with 403 even with the right key, in the provider's shape", async () => {
    const response = await post("/capture/anthropic/v1/messages", {
      "x-api-key": CAPTURE_TOKEN,
      origin: "http://evil.example",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ type: "error", error: { type: "permission_error" } });
    const sdk = new Anthropic({
      apiKey: CAPTURE_TOKEN,
      baseURL: `${server.origin}/capture/anthropic`,
      maxRetries: 0,
      defaultHeaders: { origin: "http://evil.example" },
    });
    await expect(
      sdk.messages.create({ ...MESSAGE, messages: [{ role: "user", content: "x" }] }),
    ).rejects.toBeInstanceOf(Anthropic.PermissionDeniedError);
  });

  it("takes the token as Authorization: Bearer too", async () => {
    const response = await post("/capture/anthropic/v1/messages", {
      authorization: `Bearer ${CAPTURE_TOKEN}`,
    });
    expect(response.status).toBe(200);
  });

  it("answers the probes clients send: HEAD and GET on the base URLs", async () => {
    for (const path of ["/capture/anthropic", "/capture/anthropic/", "/capture/openai/v1"]) {
      expect((await fetch(`${server.origin}${path}`, { method: "HEAD" })).status).toBe(200);
      expect((await fetch(`${server.origin}${path}`)).status).toBe(200);
    }
  });

  it("answers an unknown path 404 and a body that is not JSON 400, in the provider's shape, recording nothing", async () => {
    const missing = await post("/capture/anthropic/v1/complete", { "x-api-key": CAPTURE_TOKEN });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ type: "error", error: { type: "not_found_error" } });
    const broken = await fetch(`${server.origin}/capture/openai/v1/responses`, {
      method: "POST",
      headers: { authorization: `Bearer ${CAPTURE_TOKEN}` },
      body: "{ not json",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    expect(server.runtime.store.listSessions()).toEqual([]);
  });

  it("names an unknown upstream in a 400 the SDK raises as BadRequestError", async () => {
    const sdk = new OpenAI({
      apiKey: CAPTURE_TOKEN,
      baseURL: `${server.origin}/capture/openai/v1`,
      maxRetries: 0,
      defaultHeaders: { "x-toolscope-upstream": "nowhere" },
    });
    const attempt = sdk.chat.completions.create({ model: "m", messages: [{ role: "user", content: "Hi" }] });
    await expect(attempt).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(attempt).rejects.toThrow(/x-toolscope-upstream.*nowhere/);
  });

  it("keeps the token out of the log, the export and the server's output", async () => {
    const anthropic = new Anthropic({
      apiKey: CAPTURE_TOKEN,
      baseURL: `${server.origin}/capture/anthropic`,
      maxRetries: 0,
    });
    await anthropic.messages
      .stream({ model: "m", max_tokens: 64, messages: [{ role: "user", content: "Hello" }] })
      .finalMessage();
    const openai = new OpenAI({
      apiKey: CAPTURE_TOKEN,
      baseURL: `${server.origin}/capture/openai/v1`,
      maxRetries: 0,
    });
    await openai.responses.create({ model: "m", input: "Hello" });
    const sessions = server.runtime.store.listSessions();
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      const events = server.runtime.store.events(session.id);
      const assembled = events.find((event) => event.kind === "request.assembled");
      expect(assembled?.kind === "request.assembled" && assembled.headers?.["user-agent"]).toBeTruthy();
      expect(JSON.stringify(events)).not.toContain(CAPTURE_TOKEN);
      const exported = exportSession(server.runtime, session.id);
      expect(exported.ok).toBe(true);
      expect(JSON.stringify(exported)).not.toContain(CAPTURE_TOKEN);
    }
    expect(server.output.join("\n")).not.toContain(CAPTURE_TOKEN);
  });

  it("answers a message holding a tokenizer's special token text like any other (it was a 500)", async () => {
    const text = "Quote this: <|endoftext|> and <|im_start|>";
    const response = await post(
      "/capture/openai/v1/chat/completions",
      { authorization: `Bearer ${CAPTURE_TOKEN}` },
      { model: "m", messages: [{ role: "user", content: text }] },
    );
    expect(response.status).toBe(200);
    const [session] = server.runtime.store.listSessions();
    const assembled = server.runtime.store
      .events(session!.id)
      .find((event) => event.kind === "request.assembled");
    expect(assembled?.kind === "request.assembled" && assembled.tokens.messages).toBeGreaterThan(0);
  });

  it("records a 30 MB request whole", async () => {
    const big = "x".repeat(30 * 1024 * 1024);
    const response = await post(
      "/capture/anthropic/v1/messages",
      { "x-api-key": CAPTURE_TOKEN },
      {
        ...MESSAGE,
        messages: [{ role: "user", content: `Hello ${big}` }],
      },
    );
    expect(response.status).toBe(200);
    const [session] = server.runtime.store.listSessions();
    const assembled = server.runtime.store
      .events(session!.id)
      .find((event) => event.kind === "request.assembled");
    const messages =
      assembled?.kind === "request.assembled" ? (assembled.body.messages as { content: string }[]) : [];
    expect(messages[0]?.content.length).toBe(big.length + 6);
  }, 240_000);
});
