import { defineConfig } from "@playwright/test";
import fs from "node:fs";

/**
 * The nested run of e2e/security-browser.spec.ts: canary tests that must fail under the shared
 * fixture, against the server the outer run already started (no webServer here). Its tests are
 * `*.check.ts`, so the main run never picks them up.
 */
const executablePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (candidate): candidate is string => !!candidate && fs.existsSync(candidate),
);

export default defineConfig({
  testDir: ".",
  testMatch: "*.check.ts",
  workers: 1,
  retries: 0,
  timeout: 30_000,
  outputDir: process.env.CANARY_REPORT ? `${process.env.CANARY_REPORT}.out` : undefined,
  reporter: [["json", { outputFile: process.env.CANARY_REPORT ?? "canary-report.json" }]],
  use: {
    baseURL: process.env.CANARY_BASE_URL,
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--no-first-run",
      ],
    },
  },
});
