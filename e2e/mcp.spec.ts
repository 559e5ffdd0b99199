import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * Issue 16's done-when, in Chromium: a real MCP server (server-filesystem from node_modules, on
 * a temp folder) pasted in Claude Code's config shape; its tools and their lint on /mcp; a direct
 * call; then a session with it on the offline model, through the pipeline: a read runs, a write
 * waits for approval and lands on disk once approved, and the JSON-RPC messages show beside the
 * graph, filtered by method.
 */

const SERVER = path.join(process.cwd(), "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string, at?: Locator) {
  if (at) await at.scrollIntoViewIfNeeded();
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

async function sendMessage(page: Page, text: string) {
  const input = page.getByTestId("message-input");
  await input.fill(text);
  await input.press("Enter");
}

test("a pasted filesystem server: tools and lint, a direct call, a session that reads, approves a write, and shows the wire", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-mcp-e2e-")));
  fs.writeFileSync(path.join(folder, "notes.txt"), "first line from the e2e test\n");
  const config = {
    mcpServers: { fs: { type: "stdio", command: "node", args: [SERVER, folder], env: {} } },
  };

  await openApp(page);
  await page.getByTestId("mcp-link").click();
  await expect(page).toHaveURL(/\/mcp$/);
  await expect(page.getByTestId("mcp-page")).toBeVisible();
  await page.getByTestId("mcp-config").fill(JSON.stringify(config, null, 2));
  await expect(page.getByTestId("mcp-config-status")).toContainText("fs");
  await page.getByTestId("mcp-inspect").click();

  const result = page.getByTestId("mcp-result");
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("mcp-server-name")).toContainText("secure-filesystem-server");
  await expect(page.getByTestId("mcp-protocol")).not.toBeEmpty();
  await expect(page.getByTestId("mcp-capabilities")).toContainText("tools");
  const tools = page.getByTestId("mcp-tool");
  expect(await tools.count()).toBeGreaterThanOrEqual(10);
  const verdicts = page.getByTestId("mcp-verdict");
  await expect(verdicts).toHaveCount(3);
  await expect(verdicts.nth(0)).toHaveAttribute("data-provider", "anthropic");
  await expect(verdicts.nth(2)).toHaveAttribute("data-provider", "openai-strict");

  const read = page.locator('[data-testid="mcp-tool"][data-tool="read_text_file"]');
  await expect(read.getByTestId("mcp-derived-flags")).toContainText("readOnly");
  await expect(read.locator('[data-hint="readOnlyHint"]')).toHaveAttribute("data-from", "server");
  await expect(read.getByTestId("mcp-output-schema")).toBeAttached();
  const write = page.locator('[data-testid="mcp-tool"][data-tool="write_file"]');
  await expect(write.getByTestId("mcp-derived-flags")).toContainText("destructive");
  await expect(write.getByTestId("mcp-why")).toContainText("needs approval");
  await expect(write.getByTestId("lint-list")).toBeVisible();
  await keepScreenshot(page, testInfo, "mcp-inspect", page.getByTestId("mcp-verdicts"));
  await keepScreenshot(page, testInfo, "mcp-inspect-write", write);

  // A direct call, as in the MCP Inspector: edited arguments, the server's answer.
  await page
    .locator('[data-testid="mcp-tool"][data-tool="list_directory"]')
    .getByTestId("mcp-tool-call")
    .click();
  const dialog = page.getByTestId("mcp-call-dialog");
  await dialog.getByTestId("mcp-call-arguments").fill(JSON.stringify({ path: folder }));
  await dialog.getByTestId("mcp-call-run").click();
  await expect(dialog.getByTestId("mcp-call-result")).toContainText("notes.txt", { timeout: 30_000 });
  await keepScreenshot(page, testInfo, "mcp-direct-call");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // A session with the pasted servers, on the offline model.
  await page.getByTestId("mcp-start-session").click();
  await expect(page).toHaveURL(/\/sessions\/[^/?]+$/, { timeout: 30_000 });
  const status = page.getByTestId("status");

  await sendMessage(page, `read ${folder}/notes.txt`);
  await expect(status).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });
  const readUse = page.locator('[data-testid="block"][data-type="tool_use"]').first();
  await expect(readUse).toHaveAttribute("data-tool-name", /^mcp__fs__read/);
  await expect(page.locator('[data-testid="block"][data-type="tool_result"]').first()).toContainText(
    "first line from the e2e test",
  );

  const target = path.join(folder, "hello.txt");
  await sendMessage(page, `write "hello from Toolscope" to ${target}`);
  const approval = page.getByTestId("approval-dialog");
  await expect(approval).toBeVisible({ timeout: RUN_TIMEOUT });
  await expect(approval).toContainText("mcp__fs__write_file");
  expect(fs.existsSync(target)).toBe(false);
  await keepScreenshot(page, testInfo, "mcp-approval");
  await approval.getByTestId("approve").click();
  await expect(status).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });
  expect(fs.readFileSync(target, "utf8")).toBe("hello from Toolscope");

  // The wire beside the graph: every JSON-RPC message of the calls, filterable.
  await page.getByTestId("detail-mode-mcp").click();
  await expect(page.locator('[data-testid="mcp-server"][data-server="fs"]')).toHaveAttribute(
    "data-status",
    "connected",
  );
  const rows = page.getByTestId("mcp-wire-row");
  await expect(rows.filter({ has: page.locator("text=tools/call") }).first()).toBeVisible();
  await page.getByTestId("mcp-wire-filter-method").selectOption("tools/call");
  await expect(rows.first()).toHaveAttribute("data-method", "tools/call");
  const shown = await rows.evaluateAll((all) =>
    all.map((row) => [row.getAttribute("data-method"), row.getAttribute("data-direction")]),
  );
  expect(new Set(shown.map(([method]) => method))).toEqual(new Set(["tools/call"]));
  expect(new Set(shown.map(([, direction]) => direction))).toEqual(new Set(["out", "in"]));
  await rows.first().click();
  await expect(page.getByTestId("mcp-wire-selected")).toContainText('"method": "tools/call"');
  await keepScreenshot(page, testInfo, "mcp-wire");

  fs.rmSync(folder, { recursive: true, force: true });
});

test("/mcp reads what is pasted as it is typed and names the path of a mistake", async ({
  page,
}, testInfo) => {
  await openApp(page);
  await page.goto("/mcp");
  const box = page.getByTestId("mcp-config");
  const status = page.getByTestId("mcp-config-status");
  await expect(page.getByTestId("mcp-inspect")).toBeDisabled();
  await box.fill('{ "mcpServers": { "fs": { "command": "node", "args": ["a", 2] } } }');
  await expect(status).toContainText("/mcpServers/fs/args/1");
  await expect(page.getByTestId("mcp-inspect")).toBeDisabled();
  await keepScreenshot(page, testInfo, "mcp-config-error");
  await box.fill('{ "a": { "command": "node" }, "b": { "type": "http", "url": "http://127.0.0.1:1/mcp" } }');
  await expect(status).toContainText("a, b");
  await expect(page.getByTestId("mcp-server-pick")).toHaveValue("a");
  await expect(page.getByTestId("mcp-inspect")).toBeEnabled();
});

test("a server that cannot start answers 502: the error and the server's stderr are shown", async ({
  page,
}, testInfo) => {
  await openApp(page);
  await page.goto("/mcp");
  const failing = {
    broken: {
      command: "node",
      args: ["-e", "console.error('cannot open the notes database'); process.exit(3)"],
    },
  };
  await page.getByTestId("mcp-config").fill(JSON.stringify({ mcpServers: failing }));
  await page.getByTestId("mcp-inspect").click();
  const failure = page.getByTestId("mcp-failure");
  await expect(failure).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("mcp-failure-stderr")).toContainText("cannot open the notes database");
  await keepScreenshot(page, testInfo, "mcp-502");
});
