#!/usr/bin/env node
// Claude Code as a test partner, kept out of the app's dependencies (~240 MB): a pinned
// `@anthropic-ai/claude-code` installed with `npm install --prefix` into a cache folder
// (TOOLSCOPE_CLAUDE_CODE_DIR, default ~/.cache/toolscope/claude-code). Its native binary comes
// in the platform package from the registry; npm's warning that the postinstall was not run is
// harmless, `bin/claude.exe` already is the binary.
//
// `node scripts/claude-code.mjs` installs it when missing and prints the binary's path. When the
// registry cannot be reached it says so and exits 2 — never silently: the tests that need the
// binary then fail with that message.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const CLAUDE_CODE_VERSION = "2.1.197";
const PACKAGE = "@anthropic-ai/claude-code";

export function claudeCodeDir(env = process.env) {
  return env.TOOLSCOPE_CLAUDE_CODE_DIR || path.join(os.homedir(), ".cache", "toolscope", "claude-code");
}

export function claudeCodeBinary(dir = claudeCodeDir()) {
  return path.join(dir, "node_modules", ".bin", "claude");
}

/** The installed version, or null when there is none or it does not run here. */
function installedVersion(binary) {
  if (!fs.existsSync(binary)) return null;
  const run = spawnSync(binary, ["--version"], { encoding: "utf8", timeout: 30_000 });
  if (run.status !== 0) return null;
  return /^(\S+)/.exec(run.stdout.trim())?.[1] ?? null;
}

/** Whether the npm registry answers at all (so a failed install can say why). */
function registryReachable(cwd) {
  const ping = spawnSync("npm", ["ping"], { cwd, encoding: "utf8", timeout: 60_000 });
  return ping.status === 0;
}

export class ClaudeCodeUnavailable extends Error {}

/**
 * Installs the pinned Claude Code when it is missing or another version; returns the binary's
 * path. Throws ClaudeCodeUnavailable, with the reason, when it cannot.
 */
export function ensureClaudeCode({
  dir = claudeCodeDir(),
  log = (line) => process.stderr.write(`${line}\n`),
} = {}) {
  const binary = claudeCodeBinary(dir);
  if (installedVersion(binary) === CLAUDE_CODE_VERSION) return binary;
  fs.mkdirSync(dir, { recursive: true });
  log(`claude-code: installing ${PACKAGE}@${CLAUDE_CODE_VERSION} into ${dir}`);
  const install = spawnSync(
    "npm",
    [
      "install",
      "--prefix",
      dir,
      "--no-audit",
      "--no-fund",
      "--save-exact",
      `${PACKAGE}@${CLAUDE_CODE_VERSION}`,
    ],
    { cwd: dir, encoding: "utf8", timeout: 600_000 },
  );
  if (install.status !== 0) {
    const reason = registryReachable(dir)
      ? `npm install failed:\n${install.stderr}`
      : "the npm registry is unreachable, so Claude Code could not be installed";
    throw new ClaudeCodeUnavailable(`claude-code: ${reason}`);
  }
  const version = installedVersion(binary);
  if (version !== CLAUDE_CODE_VERSION) {
    throw new ClaudeCodeUnavailable(
      `claude-code: installed, but ${binary} --version gave ${version ?? "nothing"} (wanted ${CLAUDE_CODE_VERSION})`,
    );
  }
  return binary;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  try {
    process.stdout.write(`${ensureClaudeCode()}\n`);
  } catch (error) {
    if (!(error instanceof ClaudeCodeUnavailable)) throw error;
    process.stderr.write(
      `\n*** ${error.message}\n*** The Claude Code tests will FAIL until it is installed.\n\n`,
    );
    process.exit(2);
  }
}
