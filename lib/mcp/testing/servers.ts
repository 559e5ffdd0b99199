import path from "node:path";
import type { McpServerConfig } from "@/lib/trace/config";

/** The reference servers from node_modules, started with this Node (tests only). */
const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
const MODULES = path.join(ROOT, "node_modules", "@modelcontextprotocol");

export const EVERYTHING_ENTRY = path.join(MODULES, "server-everything", "dist", "index.js");
export const FILESYSTEM_ENTRY = path.join(MODULES, "server-filesystem", "dist", "index.js");
/** A small server of our own on the SDK: a slow tool that reports its cancellation, a crash, an echo. */
export const TEST_SERVER_ENTRY = path.join(ROOT, "lib", "mcp", "testing", "test-server.mjs");

export function everythingStdio(): McpServerConfig {
  return { type: "stdio", command: "node", args: [EVERYTHING_ENTRY, "stdio"] };
}

export function filesystemStdio(folder: string): McpServerConfig {
  return { type: "stdio", command: "node", args: [FILESYSTEM_ENTRY, folder] };
}

export function testServerStdio(): McpServerConfig {
  return { type: "stdio", command: "node", args: [TEST_SERVER_ENTRY] };
}

/** Whether a process (or process group, with a negative id) still exists. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Waits until `check` holds, polling; throws after `limitMs` (a bound, not a timing assertion). */
export async function waitFor(check: () => boolean, limitMs = 10_000, what = "the condition"): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > limitMs) throw new Error(`${what} did not hold within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
