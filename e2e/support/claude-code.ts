import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Claude Code as a test partner: scripts/claude-code.mjs installs the pinned version into its
 * cache folder (not the app's dependencies) and prints the binary's path. When the registry is
 * unreachable it says so and this throws with its message — the test fails, loudly.
 */
export function installClaudeCode(): string {
  const run = spawnSync(process.execPath, [path.join("scripts", "claude-code.mjs")], {
    encoding: "utf8",
    timeout: 600_000,
  });
  if (run.status !== 0) throw new Error(`Claude Code is not available:\n${run.stderr}`);
  return run.stdout.trim();
}

export interface ClaudeRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `claude -p <prompt>` in `cwd`, pointed at a capture base URL with the launch token as its key,
 * nonessential traffic off and a fresh HOME (so no login, settings or history of this machine's).
 */
export function runClaude(options: {
  binary: string;
  cwd: string;
  prompt: string;
  baseURL: string;
  apiKey: string;
  timeoutMs: number;
}): Promise<ClaudeRun> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-claude-home-"));
  // A clean environment, not this process's (spawn leaves out undefined values).
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: process.env.NODE_ENV,
    PATH: process.env.PATH,
    HOME: home,
    ANTHROPIC_BASE_URL: options.baseURL,
    ANTHROPIC_API_KEY: options.apiKey,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    NO_COLOR: "1",
  };
  return new Promise((resolve, reject) => {
    const child = spawn(options.binary, ["-p", options.prompt], {
      cwd: options.cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`claude -p did not exit within ${options.timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, options.timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      fs.rmSync(home, { recursive: true, force: true });
      resolve({ code, stdout, stderr });
    });
  });
}
