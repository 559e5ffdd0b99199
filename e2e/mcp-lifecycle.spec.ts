import { expect, test } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_PORT } from "../playwright.config";
import { callApi, startServerGroup } from "./support/server-group";

/**
 * No MCP server outlives Toolscope: `npm start`'s process group stopped with SIGTERM, or killed
 * with SIGKILL (no handler runs; the guard each stdio server runs under sees its parent die), and
 * within seconds no process that belongs to the session's server is left. Real processes: the
 * production server, the real filesystem server over stdio, found through /proc by its folder.
 */

const TOKEN = "mcp-lifecycle-token-0123456789abcdef";
const FILESYSTEM = path.resolve("node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");

/** The pids of live processes whose command line mentions `marker`. */
function findProcesses(marker: string): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const state = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
        return state !== "Z" && fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function waitUntil(check: () => boolean, limitMs: number): Promise<boolean> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > limitMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

for (const [offset, signal] of [
  [1, "SIGTERM"],
  [2, "SIGKILL"],
] as const) {
  test(`after npm start is stopped with ${signal}, no MCP server process is left`, async () => {
    test.setTimeout(180_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-mcp-e2e-"));
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), `toolscope-mcp-${signal.toLowerCase()}-`));
    fs.writeFileSync(path.join(folder, "hello.txt"), "hello\n");
    const server = await startServerGroup({ port: E2E_PORT + offset, dataDir, token: TOKEN });
    try {
      const { id } = await callApi<{ id: string }>(server, "POST", "/api/sessions", {
        body: { tools: [], mcpServers: { fs: { command: "node", args: [FILESYSTEM, folder] } } },
      });
      const detail = await callApi<{ session: { tools: { name: string }[] } }>(
        server,
        "GET",
        `/api/sessions/${id}`,
      );
      expect(detail.session.tools.map((tool) => tool.name)).toContain("mcp__fs__read_text_file");
      // The guard and the server it started, both naming the folder on their command line.
      expect(findProcesses(folder).length).toBeGreaterThanOrEqual(2);
    } finally {
      await server.kill(signal);
    }
    expect(await waitUntil(() => findProcesses(folder).length === 0, 15_000)).toBe(true);
    fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}
