#!/usr/bin/env node
// `npm start`: build when the build is missing or stale, then run one long-lived Next.js server
// on 127.0.0.1 (TOOLSCOPE_HOST / PORT override) and print the URL with its launch token.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { ensureToken } from "./token.mjs";
import { isBuildStale } from "./build-state.mjs";

const root = path.resolve(import.meta.dirname, "..");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const host = env.TOOLSCOPE_HOST || "127.0.0.1";
const port = Number(env.PORT || 3000);
const dataDir = path.resolve(root, env.TOOLSCOPE_DATA_DIR || ".data");
const loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].includes(host);

if (!Number.isInteger(port) || port < 1 || port > 65535)
  fail(`PORT must be a port number (1-65535); got "${env.PORT}".`);
if (!loopback && env.TOOLSCOPE_ALLOW_REMOTE !== "1") {
  fail(
    `TOOLSCOPE_HOST=${host} would expose Toolscope beyond this machine. Set TOOLSCOPE_ALLOW_REMOTE=1 to allow it ` +
      `(the launch token is still required, and add the name clients use to TOOLSCOPE_ALLOWED_HOSTS).`,
  );
}

const next = path.join(root, "node_modules", ".bin", "next");
if (isBuildStale(root)) {
  console.log("Toolscope: building (the build is missing or older than the source)…");
  const build = spawnSync(next, ["build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) fail("the build failed; see the output above.");
}

// A wildcard bind is reached here on loopback: the Host check refuses 0.0.0.0 (and so would a browser's URL).
const wildcard = ["0.0.0.0", "::", "[::]"].includes(host);
const shownHost = wildcard ? "127.0.0.1" : host === "::1" ? "[::1]" : host;
const base = `http://${shownHost}:${port}`;
if (await isListening(`${base}/api/health`)) {
  fail(`something is already listening on ${base}; stop it or set PORT to another port.`);
}

if (env.TOOLSCOPE_DATABASE_URL) await migrateDatabase(env.TOOLSCOPE_DATABASE_URL);

const token = ensureToken(env.TOOLSCOPE_TOKEN, dataDir);
// Next behind our own HTTP server (scripts/server.mjs), which refuses unauthenticated bodies unread.
const server = spawn(process.execPath, [path.join(root, "scripts", "server.mjs")], {
  cwd: root,
  env: {
    ...env,
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_HOST: host,
    PORT: String(port),
    NODE_ENV: "production",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
server.stdout.on("data", (chunk) => process.stdout.write(chunk));
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.kill(signal);
    // Whatever holds the server up (a stuck connection), stop waiting after a few seconds.
    setTimeout(() => server.kill("SIGKILL"), 5000).unref();
  });
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

const hostAllowed = await waitForHealth(`${base}/api/health`);
if (!hostAllowed)
  console.log(
    `\nToolscope: this server refuses Host ${shownHost}:${port}; open it by a name in TOOLSCOPE_ALLOWED_HOSTS.`,
  );
console.log(`\nToolscope ready: ${base}/?token=${encodeURIComponent(token)}\n`);

/**
 * With TOOLSCOPE_DATABASE_URL, the shared Postgres database is brought up to date before the
 * server starts (the SQLite file migrates when it is opened): an unreachable database stops here.
 */
async function migrateDatabase(url) {
  if (!/^postgres(ql)?:\/\//.test(url))
    fail("TOOLSCOPE_DATABASE_URL must be a postgres:// or postgresql:// URL.");
  const { default: pg } = await import("pg");
  const { migrate } = await import("../lib/store/pg/migrations.mjs");
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const version = await migrate(client);
    console.log(`Toolscope: the Postgres database is at schema version ${version}.`);
  } catch (error) {
    fail(`could not migrate the database at TOOLSCOPE_DATABASE_URL: ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

async function isListening(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/** Resolves once the server answers: `true` when it serves this Host, `false` when its Host check refuses it (403). */
async function waitForHealth(url) {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
      if (response.status === 403) return false;
    } catch {
      // Not listening yet.
    }
    if (server.exitCode !== null) process.exit(server.exitCode);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill("SIGKILL"); // not left running, orphaned, on a port the next start will find taken
  fail(`the server did not answer ${url} within 60 s.`);
}

function fail(message) {
  console.error(`Toolscope: ${message}`);
  process.exit(1);
}
