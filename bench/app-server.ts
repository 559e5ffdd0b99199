import { fork, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The loopback port the benchmarks' servers listen on (`BENCH_PORT`, default 3220). */
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 3220);
/** The launch token the benchmarks' servers run with. */
export const BENCH_TOKEN = "bench-token-0123456789abcdef";
export const BENCH_BASE = `http://127.0.0.1:${BENCH_PORT}`;

/** A server the benchmark started, and how to stop it (and remove its data dir). */
export interface RunningServer {
  child: ChildProcess;
  /** Its data dir (removed by `stop`). */
  dataDir: string;
  stop(): Promise<void>;
}

function createEnv(): { env: NodeJS.ProcessEnv; dataDir: string } {
  if (!fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID")))
    throw new Error(
      "No build in .next: run `npm run bench` (it builds when the build is stale) or `npm run build`.",
    );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-bench-"));
  const env = {
    ...process.env,
    PORT: String(BENCH_PORT),
    TOOLSCOPE_TOKEN: BENCH_TOKEN,
    TOOLSCOPE_DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  return { env, dataDir };
}

/** Servers still running: stopped (SIGTERM) if the bench process exits without stopping them. */
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGTERM");
});

function createStop(child: ChildProcess, dataDir: string): () => Promise<void> {
  return async () => {
    running.delete(child);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 8000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * Forks bench/relay-server.mjs: the built app under Next's own `next start`, in a process that
 * can also append to a session it created. Resolves with that session's id once it is ready.
 */
export async function forkRelayServer(): Promise<RunningServer & { sessionId: string }> {
  const { env, dataDir } = createEnv();
  const child = fork(path.join(process.cwd(), "bench", "relay-server.mjs"), [], { env, stdio: "pipe" });
  running.add(child);
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const sessionId = await new Promise<string>((resolve, reject) => {
    child.on("message", (message: { type: string; sessionId?: string }) => {
      if (message.type === "ready") resolve(message.sessionId!);
    });
    child.once("exit", (code) => reject(new Error(`relay server exited (${code}):\n${output.join("")}`)));
  });
  return { child, dataDir, sessionId, stop: createStop(child, dataDir) };
}

/** Starts the app as a user does: `node scripts/start.mjs` on the bench port, with a token. */
export async function startAppServer(): Promise<RunningServer> {
  const { env, dataDir } = createEnv();
  const child = spawn(process.execPath, [path.join(process.cwd(), "scripts", "start.mjs")], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join("").includes("Toolscope ready")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output.push(chunk.toString());
      if (process.env.BENCH_SERVER_LOG) process.stderr.write(chunk);
    });
    child.once("exit", (code) =>
      reject(new Error(`scripts/start.mjs exited (${code}):\n${output.join("")}`)),
    );
  });
  return { child, dataDir, stop: createStop(child, dataDir) };
}

/** A JSON request to the bench server with the token. */
export async function requestApi<T>(
  pathname: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${BENCH_BASE}${pathname}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${BENCH_TOKEN}`, "content-type": "application/json" },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
