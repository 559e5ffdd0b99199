/**
 * The capture endpoints on Node's own request and response (lib/server/capture-node.ts), over real
 * HTTP: which requests it takes (the rest is Next's), and that every check of the edge holds on
 * it — a foreign Host or Origin (403), a wrong key (401), a body past the limit (413, unread),
 * bytes that are not UTF-8 (400), each in the provider's shape — and a client that hangs up
 * mid-stream leaves a valid, cut session.
 */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { messageStartFrame, textStartFrame } from "@/lib/protocol/testing/anthropic-frames";
import { CAPTURE_BODY_LIMIT_BYTES } from "@/lib/server/capture-core.mjs";
import { writeProviderDefaults } from "@/lib/server/keys";
import { CAPTURE_TOKEN, startCaptureServer, type CaptureServer } from "@/lib/server/testing/capture-server";
import { projectTranscript } from "@/lib/trace/transcript";
import { readCaptureTarget } from "./capture-node";

describe("readCaptureTarget", () => {
  it.each([
    ["/capture/anthropic/v1/messages", { family: "anthropic", path: "/v1/messages", search: "" }],
    [
      "/capture/anthropic/v1/messages?beta=true",
      { family: "anthropic", path: "/v1/messages", search: "?beta=true" },
    ],
    ["/capture/openai/v1/chat/completions", { family: "openai", path: "/v1/chat/completions", search: "" }],
    ["/capture/openai/v1/responses?a=1&b", { family: "openai", path: "/v1/responses", search: "?a=1&b" }],
    ["/capture/anthropic", { family: "anthropic", path: "/", search: "" }],
    ["/capture/openai?x=1", { family: "openai", path: "/", search: "?x=1" }],
  ])("takes POST %s", (url, target) => {
    expect(readCaptureTarget("POST", url)).toEqual(target);
  });

  it.each([
    ["GET", "/capture/anthropic/v1/messages"],
    ["HEAD", "/capture/anthropic"],
    ["PUT", "/capture/anthropic/v1/messages"],
    ["POST", undefined],
    ["POST", "/capture/anthropic/v1/messages/"],
    ["POST", "/capture/anthropic/"],
    ["POST", "/capture//anthropic/v1/messages"],
    ["POST", "/capture/anthropic//v1/messages"],
    ["POST", "/capture/anthropic/v1/%6Dessages"],
    ["POST", "/capture/%61nthropic/v1/messages"],
    ["POST", "/Capture/anthropic/v1/messages"],
    ["POST", "/capture/Anthropic/v1/messages"],
    ["POST", "/capture/anthropic/../api/sessions"],
    ["POST", "/capture/anthropic/./v1/messages"],
    ["POST", "/capture/anthropicx/v1/messages"],
    ["POST", "/capture/other/v1/messages"],
    ["POST", "/capture"],
    ["POST", "/api/sessions"],
    ["POST", "http://127.0.0.1/capture/anthropic/v1/messages"],
    ["POST", "/capture/anthropic/v1/messages#x"],
  ])("leaves %s %s to Next", (method, url) => {
    expect(readCaptureTarget(method, url)).toBeNull();
  });
});

const REQUEST = { model: "m", max_tokens: 64, messages: [{ role: "user", content: "Read a.md" }] };
const START = messageStartFrame();
const TEXT_START = textStartFrame();

/** One request as sent on its own socket, and the answer's status line, headers and body, read to the socket's end. */
function sendOnSocket(port: number, head: string, body: Buffer | string = ""): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.end(Buffer.concat([Buffer.from(head), Buffer.from(body)])),
    );
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("the capture served by the Node-level handler", { timeout: 60_000 }, () => {
  let server: CaptureServer;
  let upstream: http.Server;
  let upstreamClosed: Promise<void>;
  beforeEach(async () => {
    let closed!: () => void;
    upstreamClosed = new Promise((resolve) => (closed = resolve));
    upstream = http.createServer((request, response) => {
      request.resume();
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(START + TEXT_START);
      response.on("close", () => closed());
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    server = await startCaptureServer(
      { ANTHROPIC_API_KEY: "sk-ant-upstream-0123456789abcdef" },
      { via: "node" },
    );
    writeProviderDefaults("anthropic", {
      baseURL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    });
  }, 60_000);
  afterEach(async () => {
    await server.close();
    upstream.closeAllConnections();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  }, 60_000);

  const post = (
    headers: Record<string, string>,
    body: unknown = REQUEST,
    path = "/capture/anthropic/v1/messages",
  ) =>
    fetch(`${server.origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: body instanceof Buffer ? new Uint8Array(body) : JSON.stringify(body),
    });

  it("answers a request itself, in the offline model's reply, and leaves a probe to Next", async () => {
    const response = await post({ "x-api-key": CAPTURE_TOKEN });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-toolscope-session")).toMatch(/^ses_/);
    expect(await response.json()).toMatchObject({ type: "message", role: "assistant" });
    expect((await fetch(`${server.origin}/capture/anthropic`, { method: "HEAD" })).status).toBe(200);
    expect(server.served).toEqual({ node: 1, next: 1 });
  });

  it("refuses a foreign Origin with 403 and a wrong or missing key with 401, in each provider's shape", async () => {
    const origin = await post({ "x-api-key": CAPTURE_TOKEN, origin: "http://evil.example" });
    expect(origin.status).toBe(403);
    expect(await origin.json()).toMatchObject({ type: "error", error: { type: "permission_error" } });
    const wrong = await post({ "x-api-key": "wrong-key" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ type: "error", error: { type: "authentication_error" } });
    const none = await post({}, { model: "m", messages: [] }, "/capture/openai/v1/chat/completions");
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { code: "invalid_api_key" } });
    expect(server.served).toEqual({ node: 3, next: 0 });
    expect(server.runtime.store.listSessions()).toEqual([]);
  });

  it("refuses a foreign Host with 403", async () => {
    const port = Number(new URL(server.origin).port);
    const answer = await sendOnSocket(
      port,
      `POST /capture/anthropic/v1/messages HTTP/1.1\r\nHost: evil.example\r\nx-api-key: ${CAPTURE_TOKEN}\r\ncontent-length: 2\r\nconnection: close\r\n\r\n`,
      "{}",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toContain("permission_error");
    expect(server.served.node).toBe(1);
  });

  it("answers 413 to a declared length past the limit without reading the body, and closes the connection", async () => {
    const port = Number(new URL(server.origin).port);
    const answer = await sendOnSocket(
      port,
      `POST /capture/anthropic/v1/messages HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-api-key: ${CAPTURE_TOKEN}\r\ncontent-type: application/json\r\ncontent-length: ${CAPTURE_BODY_LIMIT_BYTES + 1}\r\n\r\n`,
      '{"model":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(answer).toContain('"type":"request_too_large"');
    expect(answer).toContain("larger than 64 MiB");
    expect(server.served.node).toBe(1);
  });

  it("answers 413 to a chunked body once more than the limit arrived", async () => {
    // Finite, 2 MiB past the limit: were the client to go on sending after the answer (undici
    // may drain a request body it can no longer send), an endless body would never let it stop.
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let left = CAPTURE_BODY_LIMIT_BYTES / chunk.byteLength + 2;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left-- > 0) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${server.origin}/capture/openai/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${CAPTURE_TOKEN}` },
      body,
      duplex: "half",
    } as RequestInit).catch((error: unknown) => error);
    // The answer comes while the client still sends: it may see it or, racing the close, a reset.
    if (response instanceof Response) {
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    }
    expect(server.served.node).toBe(1);
    expect(server.runtime.store.listSessions()).toEqual([]);
  });

  it("answers 400 to a body that is not UTF-8, in the provider's shape", async () => {
    const response = await post({ "x-api-key": CAPTURE_TOKEN }, Buffer.from([0x7b, 0xff, 0x7d]));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      type: "error",
      error: { type: "invalid_request_error", message: "Malformed JSON: the body is not valid UTF-8" },
    });
  });

  it("aborts the upstream when the client hangs up mid-stream, and records the session as cut", async () => {
    const response = await post(
      { "x-api-key": CAPTURE_TOKEN, "x-toolscope-upstream": "anthropic" },
      { ...REQUEST, stream: true },
    );
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("message_start");
    await reader.cancel();
    await upstreamClosed;
    const [session] = server.runtime.store.listSessions();
    const events = () => server.runtime.store.events(session!.id);
    await expect.poll(() => events().filter((event) => event.kind === "run.interrupted").length).toBe(1);
    expect(events().filter((event) => event.kind === "turn.completed")).toMatchObject([{ cut: true }]);
    expect(checkTranscript(projectTranscript(events()).messages)).toEqual([]);
    expect(server.served).toEqual({ node: 1, next: 0 });
  });
});
