import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { createTail, type Tail } from "./tail";

/**
 * The guard a stdio server runs under (`node -e GUARD -- command ...args`). It is the leader of
 * its own process group (spawned detached), starts the server in that group with its own stdio
 * (so the server reads and writes the pipes Toolscope holds), exits with the server, and ends the
 * whole group when Toolscope goes: on SIGTERM/SIGINT/SIGHUP, and when its parent dies without a
 * word (SIGKILL), which it sees as a new parent process id.
 */
export const GUARD_SOURCE = `
const { spawn } = require("node:child_process");
const [command, ...args] = process.argv.slice(1);
const parent = process.ppid;
const group = (signal) => { try { process.kill(-process.pid, signal); } catch {} };
let ending = false;
const end = (signal) => {
  if (ending) return;
  ending = true;
  try { child.kill(signal); } catch {}
  setTimeout(() => group("SIGKILL"), 1500);
};
const child = spawn(command, args, { stdio: "inherit" });
child.on("error", (error) => {
  process.stderr.write("toolscope: could not start " + JSON.stringify(command) + ": " + error.message + "\\n");
  process.exit(127);
});
child.on("exit", (code, signal) => {
  if (!ending && code !== 0) process.stderr.write("toolscope: the server exited " + (signal ? "on " + signal : "with code " + code) + "\\n");
  process.exit(code ?? 1);
});
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => end(signal));
setInterval(() => { if (process.ppid !== parent) end("SIGTERM"); }, 500);
`;

export interface StdioServerOptions {
  command: string;
  args?: readonly string[];
  /** The only environment the server gets, with `PATH` added when it names none. */
  env?: Readonly<Record<string, string>>;
  cwd?: string;
  /** Every chunk of stderr, as it arrives. */
  onStderr?: (text: string) => void;
}

/** How long a stopped server has after SIGTERM before its group gets SIGKILL. */
const KILL_AFTER_MS = 1500;

/**
 * The SDK's `Transport` over a stdio server started under {@link GUARD_SOURCE}: newline-delimited
 * JSON-RPC on stdin/stdout, stderr kept (bounded). `close` ends the whole process group
 * (SIGTERM, then SIGKILL), whatever the server started itself.
 */
export class GuardedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child: ChildProcess | null = null;
  private readonly buffer = new ReadBuffer();
  private readonly tail: Tail = createTail(8_000);
  private exited: Promise<void> = Promise.resolve();
  private exitNote: string | null = null;

  constructor(private readonly options: StdioServerOptions) {}

  /** The process group of the server (its guard's pid), while it runs. */
  get pgid(): number | null {
    return this.child?.pid ?? null;
  }

  /** The last of what the server wrote to stderr. */
  stderr(): string {
    return this.tail.read();
  }

  /** How the process ended, once it has ("exited with code 1"), else null. */
  exitDescription(): string | null {
    return this.exitNote;
  }

  start(): Promise<void> {
    if (this.child) throw new Error("GuardedStdioTransport already started");
    const { command, args = [], env = {}, cwd } = this.options;
    const child: ChildProcess = spawn(process.execPath, ["-e", GUARD_SOURCE, "--", command, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env } as unknown as NodeJS.ProcessEnv,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true,
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once("close", () => resolve()));
    return new Promise((resolve, reject) => {
      child.once("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once("spawn", () => resolve());
      child.once("exit", (code, signal) => {
        this.exitNote = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
      });
      child.once("close", () => {
        this.child = null;
        this.onclose?.();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => this.read(chunk));
      child.stderr?.on("data", (chunk: Buffer) => {
        const text = chunk.toString("utf8");
        this.tail.push(text);
        this.options.onStderr?.(text);
      });
    });
  }

  private read(chunk: Buffer): void {
    try {
      this.buffer.append(chunk);
      for (;;) {
        const message = this.buffer.readMessage();
        if (message === null) break;
        this.onmessage?.(message);
      }
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || stdin.destroyed) return reject(new Error("The server is not running."));
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Ends the server's process group: SIGTERM, SIGKILL after a grace period; resolves once it is gone. */
  async close(): Promise<void> {
    const pgid = this.pgid;
    if (pgid === null) return;
    this.child?.stdin?.end();
    killGroup(pgid, "SIGTERM");
    const timer = setTimeout(() => killGroup(pgid, "SIGKILL"), KILL_AFTER_MS);
    await this.exited;
    clearTimeout(timer);
    // The guard is gone; anything the server left behind in its group goes now.
    killGroup(pgid, "SIGKILL");
    this.buffer.clear();
  }
}

/** Signals a whole process group; a group that is already gone is fine. */
export function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: nothing left in it.
  }
}
