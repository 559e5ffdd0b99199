import { defineConfig } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Debian's Chromium (or CHROMIUM_PATH); Playwright's own browser where neither exists. */
function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((candidate): candidate is string => !!candidate && fs.existsSync(candidate));
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_TOKEN = process.env.TOOLSCOPE_TOKEN ?? "e2e-token-0123456789abcdef";
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-e2e-"));
process.env.TOOLSCOPE_TOKEN = E2E_TOKEN;
process.env.E2E_DATA_DIR = dataDir;

const executablePath = findChromium();

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: {
      PORT: String(E2E_PORT),
      TOOLSCOPE_DATA_DIR: dataDir,
      TOOLSCOPE_TOKEN: E2E_TOKEN,
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdout: "pipe",
  },
});
