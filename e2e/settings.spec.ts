import { spawn, type ChildProcess } from "node:child_process";
import { randomInt } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createSession, expect, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * Keys never leave the server: a key planted in the environment and one typed into the settings
 * page are shown masked, and neither appears in a run's export, in `GET /api/settings`, in any
 * page's HTML or in the server's own output. The server is started here so its log can be read.
 */

const PORT = 3102;
const TOKEN = "settings-e2e-token-0123456789abcdef";
const letters = (count: number) =>
  Array.from(
    { length: count },
    () => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"[randomInt(52)],
  ).join("");
const TYPED_KEY = `sk-ant-api03-${letters(40)}`;
const ENV_KEY = `sk-proj-${letters(40)}`;

interface Server {
  origin: string;
  output: () => string;
  stop: () => Promise<void>;
}

function startServer(dataDir: string): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_TOKEN: TOKEN,
    OPENAI_API_KEY: ENV_KEY,
    ANTHROPIC_API_KEY: "",
  };
  const child = spawn(process.execPath, [path.join("scripts", "start.mjs")], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const ready = setInterval(() => {
      if (!/Toolscope ready: http:\/\/\S+/.test(output)) return;
      clearInterval(ready);
      clearTimeout(timer);
      resolve({ origin: `http://127.0.0.1:${PORT}`, output: () => output, stop: () => stopProcess(child) });
    }, 100);
    child.on("exit", (code) => {
      clearInterval(ready);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.on("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

function expectNoKey(text: string, where: string) {
  expect(text.includes(TYPED_KEY), `the typed key in ${where}`).toBe(false);
  expect(text.includes(ENV_KEY), `the environment's key in ${where}`).toBe(false);
}

/** `url` is absolute: a relative one would reach playwright.config's own server, not this one. */
async function expectPageHasNoKey(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByTestId("app-header")).toBeVisible();
  expectNoKey(await page.content(), `the DOM of ${url}`);
  expectNoKey(await (await page.request.get(url)).text(), `the HTML of ${url}`);
}

test("keys from the environment and the settings page are masked and appear nowhere", async ({ page }) => {
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-settings-"));
  const server = await startServer(dataDir);
  try {
    await page.goto(`${server.origin}/?token=${TOKEN}`);
    await expect(page).not.toHaveURL(/token=/);
    await page.getByTestId("settings-link").click();
    await expect(page).toHaveURL(`${server.origin}/settings`);

    const openai = page.getByTestId("settings-card-openai");
    await expect(openai.getByTestId("key-status")).toHaveAttribute("data-key-source", "env");
    await expect(openai.getByTestId("key-status")).toContainText(`sk-pro…${ENV_KEY.slice(-4)}`);
    await expect(openai.getByTestId("key-input")).toBeDisabled();

    const anthropic = page.getByTestId("settings-card-anthropic");
    await expect(anthropic.getByTestId("key-status")).toHaveText("No key set.");
    await anthropic.getByTestId("key-input").fill(TYPED_KEY);
    expectNoKey(await page.content(), "the settings page while the key is typed");
    await anthropic.getByTestId("save-settings").click();
    await expect(anthropic.getByTestId("settings-outcome")).toHaveText("Saved.");
    await expect(anthropic.getByTestId("key-status")).toHaveAttribute("data-key-source", "settings");
    await expect(anthropic.getByTestId("key-status")).toContainText(`sk-ant…${TYPED_KEY.slice(-4)}`);
    await expect(anthropic.getByTestId("key-input")).toHaveValue("");
    expect(fs.statSync(path.join(dataDir, "keys.json")).mode & 0o777).toBe(0o600);

    // A run whose user message carries both keys: the events hold neither.
    await page.goto(`${server.origin}/`);
    await createSession(page, "Keys stay on the server");
    const sessionId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
    await page
      .getByTestId("message-input")
      .fill(`What is in notes/todo.md? My keys: ${TYPED_KEY} ${ENV_KEY}`);
    await page.getByTestId("send").click();
    await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
      timeout: RUN_TIMEOUT,
    });

    const exported = await page.request.get(
      `${server.origin}/api/sessions/${encodeURIComponent(sessionId)}/export`,
    );
    expect(exported.status()).toBe(200);
    const exportText = await exported.text();
    expect(exportText).toContain("[REDACTED]");
    expectNoKey(exportText, "the export");
    const settings = await page.request.get(`${server.origin}/api/settings`);
    expect(settings.status()).toBe(200);
    expectNoKey(await settings.text(), "GET /api/settings");

    for (const url of ["/", "/settings", `/sessions/${encodeURIComponent(sessionId)}`]) {
      await expectPageHasNoKey(page, `${server.origin}${url}`);
    }

    // Clearing the typed key through the page.
    await page.goto(`${server.origin}/settings`);
    await anthropic.getByTestId("clear-key").click();
    await expect(anthropic.getByTestId("settings-outcome")).toHaveText("Key removed.");
    await expect(anthropic.getByTestId("key-status")).toHaveText("No key set.");
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "keys.json"), "utf8"))).toEqual({});
  } finally {
    await server.stop();
    expectNoKey(server.output(), "the server's output");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
