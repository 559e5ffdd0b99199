/**
 * `npm start` refuses to bind beyond loopback unless `TOOLSCOPE_ALLOW_REMOTE=1`, before it builds
 * or listens (the refusal is checked by running scripts/start.mjs itself); and a server that is
 * allowed to bind remotely still needs the token on every API call and still refuses foreign
 * Hosts (checked through proxy.ts with that environment). The allowed start over real HTTP:
 * e2e/security-remote.spec.ts.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  isPassedOn,
  PROXY_TOKEN,
  sendThroughProxy,
  stubProxyEnvironment,
} from "@/lib/server/testing/proxy-harness";

const START = path.join(process.cwd(), "scripts", "start.mjs");
/** Ports 3110–3119 belong to the security suite; nothing listens here, since the script refuses first. */
const PORT = "3119";

function runStart(env: Record<string, string>): { status: number | null; stderr: string; stdout: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-guard-"));
  try {
    const result = spawnSync(process.execPath, [START], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        PORT,
        TOOLSCOPE_DATA_DIR: dataDir,
        ...env,
      },
      encoding: "utf8",
      // A guard that failed would go on to build: stop it rather than wait for that.
      timeout: 30_000,
      killSignal: "SIGKILL",
    });
    return { status: result.status, stderr: result.stderr, stdout: result.stdout };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const refusal = (host: string) =>
  `Toolscope: TOOLSCOPE_HOST=${host} would expose Toolscope beyond this machine. Set TOOLSCOPE_ALLOW_REMOTE=1 to allow it ` +
  "(the launch token is still required, and add the name clients use to TOOLSCOPE_ALLOWED_HOSTS).\n";

describe("scripts/start.mjs with a non-loopback TOOLSCOPE_HOST", () => {
  it.each(["0.0.0.0", "::", "[::]", "10.1.2.3", "192.168.1.5", "toolscope.example.com", "127.0.0.2"])(
    "refuses %j without TOOLSCOPE_ALLOW_REMOTE, before building or listening",
    (host) => {
      const result = runStart({ TOOLSCOPE_HOST: host });
      expect(result).toEqual({ status: 1, stderr: refusal(host), stdout: "" });
    },
  );

  it.each(["true", "yes", "0", "", " 1"])(
    "refuses 0.0.0.0 when TOOLSCOPE_ALLOW_REMOTE is %j (only 1 allows it)",
    (value) => {
      const result = runStart({ TOOLSCOPE_HOST: "0.0.0.0", TOOLSCOPE_ALLOW_REMOTE: value });
      expect(result).toEqual({ status: 1, stderr: refusal("0.0.0.0"), stdout: "" });
    },
  );
});

describe("a server allowed to bind remotely", () => {
  let cleanUp = () => {};
  afterEach(() => cleanUp());

  it("still needs the token on the API and still refuses a foreign or wildcard Host", () => {
    cleanUp = stubProxyEnvironment({ TOOLSCOPE_HOST: "0.0.0.0", TOOLSCOPE_ALLOW_REMOTE: "1" });
    expect(sendThroughProxy("/api/sessions").status).toBe(401);
    expect(sendThroughProxy("/api/sessions", { method: "POST" }).status).toBe(401);
    expect(
      isPassedOn(sendThroughProxy("/api/sessions", { headers: { authorization: `Bearer ${PROXY_TOKEN}` } })),
    ).toBe(true);
    for (const host of ["0.0.0.0:3000", "192.168.1.5:3000", "evil.example"])
      expect([
        host,
        sendThroughProxy("/api/sessions", { headers: { host, authorization: `Bearer ${PROXY_TOKEN}` } })
          .status,
      ]).toEqual([host, 403]);
  });

  it("serves a LAN name only once TOOLSCOPE_ALLOWED_HOSTS lists it, and then only with the token", () => {
    cleanUp = stubProxyEnvironment({
      TOOLSCOPE_HOST: "0.0.0.0",
      TOOLSCOPE_ALLOW_REMOTE: "1",
      TOOLSCOPE_ALLOWED_HOSTS: "toolscope.lan",
    });
    const host = "toolscope.lan:3000";
    expect(sendThroughProxy("/api/sessions", { headers: { host } }).status).toBe(401);
    expect(
      isPassedOn(
        sendThroughProxy("/api/sessions", { headers: { host, authorization: `Bearer ${PROXY_TOKEN}` } }),
      ),
    ).toBe(true);
  });
});
