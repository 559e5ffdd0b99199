import Anthropic from "@anthropic-ai/sdk";
import { expect, test } from "@playwright/test";
import net from "node:net";
import OpenAI from "openai";
import { sendRaw } from "./support/raw-http";
import { PORT, TOKEN, callApi } from "./support/security-setup";

/**
 * The capture endpoints on the production server (`npm start`: scripts/server.mjs in front of
 * Next, proxy.ts, the route handlers), with the official SDKs: the gate that refuses a body unread
 * and the proxy both take the token as `x-api-key` or Bearer and refuse in the provider's shape; a
 * 30 MB request passes Next's body buffer; one announced past the capture limit is a 413 unread.
 */
const ORIGIN = `http://127.0.0.1:${PORT}`;
const anthropic = (apiKey = TOKEN, headers: Record<string, string> = {}) =>
  new Anthropic({ apiKey, baseURL: `${ORIGIN}/capture/anthropic`, maxRetries: 0, defaultHeaders: headers });

test("Claude Code's probe and the SDKs' requests are answered; the session is in the list as a capture", async () => {
  expect((await fetch(`${ORIGIN}/capture/anthropic`, { method: "HEAD" })).status).toBe(200);
  const message = await anthropic()
    .messages.stream({ model: "m", max_tokens: 64, messages: [{ role: "user", content: "Hello from e2e" }] })
    .finalMessage();
  expect(message.content[0]?.type).toBe("text");
  const openai = new OpenAI({ apiKey: TOKEN, baseURL: `${ORIGIN}/capture/openai/v1`, maxRetries: 0 });
  const response = await openai.responses.create({ model: "m", input: "Hello from e2e" });
  expect(response.status).toBe("completed");
  const list = await callApi("GET", "/api/sessions?source=capture");
  const titles = (list.json.sessions as { title: string; client?: string }[]).map(
    (session) => session.client,
  );
  expect(titles).toEqual(expect.arrayContaining(["Anthropic SDK (TypeScript)", "OpenAI SDK (TypeScript)"]));
});

test("a wrong key is the SDK's own AuthenticationError, from the gate and the proxy alike", async () => {
  await expect(
    anthropic("wrong-key").messages.create({
      model: "m",
      max_tokens: 8,
      messages: [{ role: "user", content: "x" }],
    }),
  ).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  const openai = new OpenAI({ apiKey: "wrong-key", baseURL: `${ORIGIN}/capture/openai/v1`, maxRetries: 0 });
  await expect(
    openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] }),
  ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
});

test("a foreign Origin is a 403 the SDK raises as PermissionDeniedError", async () => {
  await expect(
    anthropic(TOKEN, { origin: "http://evil.example" }).messages.create({
      model: "m",
      max_tokens: 8,
      messages: [{ role: "user", content: "x" }],
    }),
  ).rejects.toBeInstanceOf(Anthropic.PermissionDeniedError);
});

test("a 30 MB request is recorded whole", async () => {
  test.setTimeout(180_000);
  const big = "y".repeat(30 * 1024 * 1024);
  // The SDK's default retries: a pooled keep-alive connection the server closed after the tests
  // before this one fails the first write (EPIPE), which the SDK retries on a new connection.
  const client = new Anthropic({ apiKey: TOKEN, baseURL: `${ORIGIN}/capture/anthropic`, maxRetries: 2 });
  const message = await client.messages.create({
    model: "m",
    max_tokens: 64,
    messages: [{ role: "user", content: `Long history ${big}` }],
  });
  expect(message.type).toBe("message");
  const list = await callApi("GET", "/api/sessions?source=capture&limit=1");
  const [session] = list.json.sessions as { id: string }[];
  const detail = await callApi("GET", `/api/sessions/${session!.id}`);
  const assembled = (
    detail.json.events as { kind: string; body?: { messages: { content: string }[] } }[]
  ).find((event) => event.kind === "request.assembled");
  expect(assembled?.body?.messages[0]?.content.length).toBe(big.length + 13);
});

test("a body announced past 64 MiB is a 413 in Anthropic's shape, before it is read", async () => {
  const head = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("utf8")));
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
    socket.write(
      `POST /capture/anthropic/v1/messages HTTP/1.1\r\nhost: 127.0.0.1:${PORT}\r\nx-api-key: ${TOKEN}\r\n` +
        `content-type: application/json\r\ncontent-length: ${65 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write("x".repeat(1024));
  });
  expect(head).toMatch(/^HTTP\/1\.1 413 /);
  expect(JSON.parse(head.slice(head.indexOf("\r\n\r\n") + 4))).toMatchObject({
    type: "error",
    error: { type: "request_too_large" },
  });
});

test("the recorded request headers are the client's own: none Next or the proxy added, no key", async () => {
  const sent = await sendRaw({
    port: PORT,
    method: "POST",
    path: "/capture/anthropic/v1/messages",
    headers: {
      "content-type": "application/json",
      "x-api-key": TOKEN,
      "user-agent": "e2e-raw-client/1.0",
      "x-client-trace": "trace-7f3a",
      // A client cannot widen the list of its own headers.
      "x-toolscope-client-headers": "referrer-policy,x-forwarded-for",
    },
    body: JSON.stringify({ model: "m", max_tokens: 32, messages: [{ role: "user", content: "Headers?" }] }),
  });
  expect(sent.status).toBe(200);
  const id = sent.headers["x-toolscope-session"];
  expect(typeof id).toBe("string");
  const detail = await callApi("GET", `/api/sessions/${String(id)}`);
  const assembled = (detail.json.events as { kind: string; headers?: Record<string, string> }[]).find(
    (event) => event.kind === "request.assembled",
  );
  const names = Object.keys(assembled!.headers ?? {}).sort();
  expect(names).toContain("x-client-trace");
  expect(assembled!.headers!["user-agent"]).toBe("e2e-raw-client/1.0");
  for (const added of ["x-forwarded-for", "x-forwarded-host", "x-forwarded-port", "x-forwarded-proto"])
    expect(names).not.toContain(added);
  for (const never of [
    "x-api-key",
    "referrer-policy",
    "x-content-type-options",
    "x-toolscope-client-headers",
  ])
    expect(names).not.toContain(never);
  expect(
    names.every((name) =>
      ["connection", "content-length", "content-type", "host", "user-agent", "x-client-trace"].includes(name),
    ),
  ).toBe(true);
});

test("capture requests are answered by the front server's Node path, outside Next's response pipeline", async () => {
  // Next marks every answer of its own with `Vary: rsc, next-router-state-tree, …`; the probe is
  // Next's (its route handler), a capture POST is not, and every check holds on that path.
  const probe = await fetch(`${ORIGIN}/capture/anthropic`);
  expect(probe.headers.get("vary")).toContain("rsc");
  const post = (headers: Record<string, string>, body: unknown) =>
    fetch(`${ORIGIN}/capture/anthropic/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const request = { model: "m", max_tokens: 32, messages: [{ role: "user", content: "Which path?" }] };
  const whole = await post({ "x-api-key": TOKEN }, request);
  expect(whole.status).toBe(200);
  expect(whole.headers.get("vary")).toBeNull();
  expect(whole.headers.get("cache-control")).toBe("no-store");
  expect(await whole.json()).toMatchObject({ type: "message" });
  const streamed = await post({ "x-api-key": TOKEN }, { ...request, stream: true });
  expect(streamed.headers.get("content-type")).toContain("text/event-stream");
  expect(streamed.headers.get("vary")).toBeNull();
  expect(await streamed.text()).toContain("event: message_stop");
  const foreign = await post({ "x-api-key": TOKEN, origin: "http://evil.example" }, request);
  expect(foreign.status).toBe(403);
  expect(foreign.headers.get("vary")).toBeNull();
  expect(await foreign.json()).toMatchObject({ type: "error", error: { type: "permission_error" } });
  // Without a body the front server's gate lets a wrong key through: the Node path refuses it.
  const wrongKey = await fetch(`${ORIGIN}/capture/anthropic/v1/messages`, {
    method: "POST",
    headers: { "x-api-key": "wrong-key" },
  });
  expect(wrongKey.status).toBe(401);
  expect(wrongKey.headers.get("vary")).toBeNull();
  expect(await wrongKey.json()).toMatchObject({ type: "error", error: { type: "authentication_error" } });
});
