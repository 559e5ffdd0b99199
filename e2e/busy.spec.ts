import { expect, test } from "@playwright/test";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startServerGroup, type ServerGroup } from "./support/server-group";

/**
 * A flood is turned away at the door: with `TOOLSCOPE_MAX_IN_FLIGHT=1`, one request held in
 * progress (a POST whose body never finishes) makes the next API request answer 503 with
 * `Retry-After` at once, while the health check still answers 200; once the held request's
 * connection goes, the API answers again. The real server (`npm start`), its own port and data dir.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const TOKEN = "busy-token-0123456789abcdef0123";

let server: ServerGroup;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-busy-"));
  server = await startServerGroup({
    port: PORT,
    dataDir,
    token: TOKEN,
    env: { TOOLSCOPE_MAX_IN_FLIGHT: "1" },
  });
});

test.afterAll(async () => {
  await server?.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Opens an authenticated POST that announces 100 bytes and sends 10: in progress until closed. */
async function holdRequest(): Promise<net.Socket> {
  const socket = net.connect(PORT, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.write(
    [
      "POST /api/sessions HTTP/1.1",
      `host: 127.0.0.1:${PORT}`,
      `authorization: Bearer ${TOKEN}`,
      "content-type: application/json",
      "content-length: 100",
      "",
      '{"title":',
    ].join("\r\n"),
  );
  return socket;
}

/** A GET on a connection of its own (no keep-alive reuse racing the server's idle timeout). */
function get(
  route: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; json: () => unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.origin}${route}`,
      { agent: false, headers: { Authorization: `Bearer ${TOKEN}` } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            json: () => JSON.parse(text),
          }),
        );
      },
    );
    request.on("error", reject);
  });
}

test("past the in-flight bound the API answers 503 with Retry-After, health still answers", async () => {
  expect((await get("/api/sessions")).status).toBe(200);
  const held = await holdRequest();
  // The held request is counted once the server has its head; poll until the bound is reached.
  await expect.poll(async () => (await get("/api/sessions")).status, { timeout: 10_000 }).toBe(503);
  const busy = await get("/api/settings");
  expect(busy.status).toBe(503);
  expect(busy.headers["retry-after"]).toBe("1");
  expect((busy.json() as { error: string }).error).toMatch(/busy: 1 requests are already in progress/);
  const health = await get("/api/health");
  expect(health.status).toBe(200);
  expect(health.json()).toMatchObject({ ok: true });
  held.destroy();
  await expect.poll(async () => (await get("/api/sessions")).status, { timeout: 10_000 }).toBe(200);
});
