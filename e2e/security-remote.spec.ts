import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { sendRaw } from "./support/raw-http";
import { startServer } from "./support/server";

/**
 * `TOOLSCOPE_HOST=0.0.0.0` with `TOOLSCOPE_ALLOW_REMOTE=1`: the server starts, prints a URL that
 * works (loopback, with the token), and still needs the token on every API call and refuses the
 * wildcard and foreign Hosts. (The refusal without the opt-in: scripts/start-remote-guard.test.ts.)
 */
const PORT = 3110;

test("a server allowed to listen on every interface still needs the token and refuses foreign Hosts", async () => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-remote-"));
  const server = await startServer({
    port: PORT,
    dataDir,
    env: { TOOLSCOPE_HOST: "0.0.0.0", TOOLSCOPE_ALLOW_REMOTE: "1" },
  });
  try {
    expect(server.readyUrl).toBe(`http://127.0.0.1:${PORT}/?token=${encodeURIComponent(server.token)}`);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const get = (headers: Record<string, string | null>) =>
      sendRaw({ port: PORT, path: "/api/sessions", headers });
    expect((await get({})).status).toBe(401);
    expect((await sendRaw({ port: PORT, method: "POST", path: "/api/sessions", body: "{}" })).status).toBe(
      401,
    );
    expect((await get({ authorization: `Bearer ${server.token}` })).status).toBe(200);
    for (const host of [`0.0.0.0:${PORT}`, `192.168.1.5:${PORT}`, "evil.example"])
      expect([host, (await get({ host, authorization: `Bearer ${server.token}` })).status]).toEqual([
        host,
        403,
      ]);
    const opened = await sendRaw({
      port: PORT,
      path: new URL(server.readyUrl).pathname + new URL(server.readyUrl).search,
    });
    expect(opened.status).toBe(303);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
