import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { waitForReadyLine } from "./ready-line";

/**
 * A server started with `node scripts/start.mjs` in a process group of its own, so a test can
 * hit it the way a crash does — SIGKILL to the whole group, `start.mjs` and its `toolscope-server`
 * child at once — and know that nothing of it is left. Reads `/proc` (Linux).
 */
export interface ServerGroup {
  origin: string;
  token: string;
  /** The group's id: the pid of `start.mjs`. */
  pgid: number;
  /** Sends `signal` to every process of the group; resolves once none is left (SIGKILL after 10 s). */
  kill(signal: NodeJS.Signals): Promise<void>;
}

const STARTUP_LIMIT_MS = 120_000;

/** A process's state letter and process group from `/proc/<pid>/stat`, or null when it is gone. */
function readStat(pid: number): { state: string; pgid: number } | null {
  let stat: string;
  try {
    stat = fs.readFileSync(path.join("/proc", String(pid), "stat"), "utf8");
  } catch {
    return null; // It ended while we looked.
  }
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0]!, pgid: Number(fields[2]) };
}

/** Whether `pid` is a running process (a zombie waiting to be reaped has stopped running). */
export function isProcessAlive(pid: number): boolean {
  const stat = readStat(pid);
  return stat !== null && stat.state !== "Z";
}

/** The pids of the live (not zombie) processes in process group `pgid`. */
export function listGroupPids(pgid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      const stat = readStat(pid);
      return stat !== null && stat.state !== "Z" && stat.pgid === pgid;
    });
}

/** The command name of a process (`toolscope-serve`, truncated to 15 characters, for the server), or null when gone. */
export function readCommandName(pid: number): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return null;
  }
}

/**
 * Starts the app on `port` with its own data dir and token; `env` adds variables. Resolves when
 * `start.mjs` prints its ready line.
 */
export function startServerGroup(options: {
  port: number;
  dataDir: string;
  token: string;
  env?: Record<string, string>;
}): Promise<ServerGroup> {
  const child = spawn(process.execPath, [path.join("scripts", "start.mjs")], {
    detached: true,
    env: {
      ...process.env,
      ...options.env,
      PORT: String(options.port),
      TOOLSCOPE_DATA_DIR: options.dataDir,
      TOOLSCOPE_TOKEN: options.token,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pgid = child.pid!;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pgid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const kill = async (signal: NodeJS.Signals) => {
    signalGroup(signal);
    // Whatever a gentler signal leaves standing goes after a while.
    const escalate = signal === "SIGKILL" ? null : setTimeout(() => signalGroup("SIGKILL"), 10_000);
    while (listGroupPids(pgid).length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    if (escalate) clearTimeout(escalate);
  };
  return waitForReadyLine(child, {
    limitMs: STARTUP_LIMIT_MS,
    onTimeout: () => void kill("SIGKILL"),
  }).then(({ readyUrl }) => ({ origin: new URL(readyUrl).origin, token: options.token, pgid, kill }));
}

/** A JSON API call with the bearer token; throws on a status other than `expected`. */
export async function callApi<T>(
  server: Pick<ServerGroup, "origin" | "token">,
  method: string,
  route: string,
  options: { body?: unknown; expected?: number } = {},
): Promise<T> {
  const response = await fetch(`${server.origin}${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${server.token}`,
      ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  const expected = options.expected ?? (method === "POST" ? [200, 201, 202] : [200]);
  const allowed = Array.isArray(expected) ? expected : [expected];
  if (!allowed.includes(response.status))
    throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
