import { expect, test } from "@playwright/test";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { messageStartFrame, textDeltaFrame, textStartFrame } from "@/lib/protocol/testing/anthropic-frames";
import { startServer, type RunningServer } from "./support/server";

/**
 * A capture client that hangs up mid-stream, on the production server (`npm start`, whose front
 * server serves a capture POST on Node's own response): the upstream request is aborted and the
 * session is recorded as cut — the partial turn marked `cut`, the run interrupted. Its own server,
 * since it points the `anthropic` upstream at a local one.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 11;
const OPENING = messageStartFrame() + textStartFrame() + textDeltaFrame("Half");

let server: RunningServer;
let upstream: http.Server;
let dataDir: string;
let upstreamClosed: Promise<void>;

test.beforeAll(async () => {
  let closed!: () => void;
  upstreamClosed = new Promise((resolve) => (closed = resolve));
  // Opens a stream and never ends it: only the relay aborting the request closes it.
  upstream = http.createServer((request, response) => {
    request.resume();
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.write(OPENING);
    response.on("close", () => closed());
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-e2e-hangup-"));
  server = await startServer({ port: PORT, dataDir });
  const settings = await fetch(`${server.origin}/api/settings`, {
    method: "PUT",
    headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      anthropic: { baseURL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` },
    }),
  });
  expect(settings.status).toBe(200);
});

test.afterAll(async () => {
  await server?.stop();
  upstream?.closeAllConnections();
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a client that hangs up mid-stream aborts the upstream and leaves a valid, cut session", async () => {
  const response = await fetch(`${server.origin}/capture/anthropic/v1/messages`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": server.token,
      "x-toolscope-upstream": "anthropic",
    },
    body: JSON.stringify({
      model: "m",
      max_tokens: 64,
      stream: true,
      messages: [{ role: "user", content: "Go" }],
    }),
  });
  expect(response.status).toBe(200);
  const sessionId = response.headers.get("x-toolscope-session");
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let received = "";
  while (!received.includes("Half")) received += decoder.decode((await reader.read()).value);
  await reader.cancel();
  await upstreamClosed;
  const events = async () => {
    const detail = await fetch(`${server.origin}/api/sessions/${sessionId}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    return ((await detail.json()) as { events: { kind: string; cut?: boolean }[] }).events;
  };
  await expect
    .poll(async () => (await events()).some((event) => event.kind === "run.interrupted"))
    .toBe(true);
  const turns = (await events()).filter((event) => event.kind === "turn.completed");
  expect(turns).toMatchObject([{ cut: true }]);
});
