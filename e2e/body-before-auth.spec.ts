import { expect, test } from "@playwright/test";
import net from "node:net";
import { PORT, TOKEN } from "./support/security-setup";

/**
 * A request with a body is refused before its body is read when it holds no credentials or
 * names a foreign Host: the answer comes while the client has sent 1 KiB of an announced
 * 20 MiB, and the connection closes. (Were the body read first, the server would wait for the
 * other 20 MiB that never come, and this test would time out.)
 */
async function sendHeadersAndSomeBody(
  headers: Record<string, string>,
): Promise<{ head: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => resolve({ head: received.split("\r\n\r\n")[0] ?? "", closed: true }));
    const lines = Object.entries({
      host: `127.0.0.1:${PORT}`,
      "content-length": String(20 * 1024 * 1024),
      ...headers,
    });
    socket.write(
      `POST /api/import HTTP/1.1\r\n${lines.map(([name, value]) => `${name}: ${value}`).join("\r\n")}\r\n\r\n`,
    );
    socket.write("x".repeat(1024));
  });
}

test("an announced 20 MiB body without a token gets its 401 at once, unread", async () => {
  const { head, closed } = await sendHeadersAndSomeBody({ "content-type": "application/json" });
  expect(head).toMatch(/^HTTP\/1\.1 401 /);
  expect(head.toLowerCase()).toContain("connection: close");
  expect(closed).toBe(true);
});

test("a body with a foreign Host gets its 403 at once, unread, even with the token", async () => {
  const { head } = await sendHeadersAndSomeBody({
    host: "evil.example:80",
    authorization: `Bearer ${TOKEN}`,
  });
  expect(head).toMatch(/^HTTP\/1\.1 403 /);
});

test("a body with a planted cookie instead of the real one is refused the same way", async () => {
  const { head } = await sendHeadersAndSomeBody({ cookie: `toolscope_${PORT}=1.${"A".repeat(43)}` });
  expect(head).toMatch(/^HTTP\/1\.1 401 /);
});

/** Sends raw request text and reads the status line of the answer. */
async function sendRawText(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => resolve(received.split("\r\n")[0] ?? ""));
    socket.write(text);
  });
}

test("TRACE is refused with 405 and a second Host header with 400, not a 500", async () => {
  const host = `127.0.0.1:${PORT}`;
  expect(await sendRawText(`TRACE / HTTP/1.1\r\nhost: ${host}\r\nconnection: close\r\n\r\n`)).toMatch(
    /^HTTP\/1\.1 405 /,
  );
  expect(
    await sendRawText(
      `GET /api/health HTTP/1.1\r\nhost: ${host}\r\nhost: evil.example\r\nconnection: close\r\n\r\n`,
    ),
  ).toMatch(/^HTTP\/1\.1 400 /);
  expect(await sendRawText(`GET /api/health HTTP/1.1\r\nhost: ${host}\r\nconnection: close\r\n\r\n`)).toMatch(
    /^HTTP\/1\.1 200 /,
  );
});

test("a trailing slash with a foreign Host gets the Host's 403, never Next's 308 naming the path", async () => {
  for (const path of ["/api/health/", "/sessions/", "/api/sessions/", "/lessons/"]) {
    const head = (
      await sendRawText(`GET ${path} HTTP/1.1\r\nhost: evil.example\r\nconnection: close\r\n\r\n`)
    ).toString();
    expect([path, head]).toEqual([path, expect.stringMatching(/^HTTP\/1\.1 403 /)]);
  }
  // Our own Host still gets Next's redirect to the path without the slash.
  expect(
    await sendRawText(`GET /api/health/ HTTP/1.1\r\nhost: 127.0.0.1:${PORT}\r\nconnection: close\r\n\r\n`),
  ).toMatch(/^HTTP\/1\.1 308 /);
});
