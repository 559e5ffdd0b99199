import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { keepScreenshot, readEvents } from "./support/echo-session";
import { expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * Issue 16's wire beside the graph, in Chromium: a call's graph node links to its JSON-RPC
 * messages (the MCP pane's wire, filtered to that call's `tools/call` request and response), and
 * /mcp's provider verdicts stay inside the page at 1440 and 1280 px however many tools a
 * provider refuses.
 */

const SERVER = path.join(process.cwd(), "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");

let folder: string;
test.beforeAll(() => {
  folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-mcp-link-")));
  fs.writeFileSync(path.join(folder, "notes.txt"), "a line for the wire link\n");
  fs.writeFileSync(path.join(folder, "other.txt"), "the other file, read on replay\n");
});
test.afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const fsServer = () => ({ type: "stdio", command: "node", args: [SERVER, folder] });

/** A session on the filesystem server whose one run read notes.txt; its id and the read's call id. */
async function readThroughMcp(page: Page): Promise<{ id: string; callId: string }> {
  const created = await page.request.post("/api/sessions", {
    data: { title: "wire link", tools: [], mcpServers: { fs: fsServer() } },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const sent = await page.request.post(`/api/sessions/${encodeURIComponent(id)}/messages`, {
    data: { text: `read ${folder}/notes.txt` },
  });
  expect(sent.status()).toBe(202);
  await expect
    .poll(async () => (await readEvents(page, id)).some((e) => e.kind === "run.finished"), {
      timeout: RUN_TIMEOUT,
    })
    .toBe(true);
  const result = (await readEvents(page, id)).find((e) => e.kind === "tool.result");
  expect(result?.callId).toBeTruthy();
  return { id, callId: result!.callId! };
}

test("a call's graph node links to its MCP messages: the wire filtered to its tools/call", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await openApp(page);
  const { id, callId } = await readThroughMcp(page);
  await page.goto(`/sessions/${encodeURIComponent(id)}`);
  await expect(page.getByTestId("graph-canvas")).toBeVisible({ timeout: 30_000 });
  // The canvas draws only the nodes in view: show the whole run first.
  await page.getByTestId("graph-fit").click();
  const node = page.locator(`[data-testid="graph-node"][data-stage="execute"][data-call-id="${callId}"]`);
  await expect(node).toBeVisible({ timeout: 15_000 });
  await node.click();
  await expect(page.getByTestId("detail-pane")).toHaveAttribute("data-mode", "node");
  const link = page.getByTestId("node-mcp-messages");
  await expect(link).toHaveAttribute("data-call-id", callId);
  await keepScreenshot(page, testInfo, "mcp-node-link");
  await link.click();

  await expect(page.getByTestId("detail-pane")).toHaveAttribute("data-mode", "mcp");
  const rows = page.getByTestId("mcp-wire-row");
  await expect(rows).toHaveCount(2);
  const shown = await rows.evaluateAll((all) =>
    all.map((row) => ({
      method: row.getAttribute("data-method"),
      shape: row.getAttribute("data-shape"),
      direction: row.getAttribute("data-direction"),
      callId: row.getAttribute("data-call-id"),
    })),
  );
  expect(shown).toEqual([
    { method: "tools/call", shape: "request", direction: "out", callId },
    { method: "tools/call", shape: "response", direction: "in", callId },
  ]);
  // The detail column is narrow: the filters and rows fit in it (cut with an ellipsis), none runs off.
  const outside = await page.getByTestId("mcp-pane").evaluate((pane) => {
    const right = pane.getBoundingClientRect().right;
    return [...pane.querySelectorAll('select, [data-testid="mcp-wire-row"]')]
      .map((element) => ({
        what: element.getAttribute("data-testid") ?? element.tagName,
        right: element.getBoundingClientRect().right,
      }))
      .filter((box) => box.right > right + 1);
  });
  expect(outside).toEqual([]);
  await rows.nth(1).click();
  await expect(page.getByTestId("mcp-wire-selected")).toContainText("a line for the wire link");
  await keepScreenshot(page, testInfo, "mcp-node-wire");
  // Clearing the filter shows the rest of the conversation with the server, the handshake first.
  await page.getByTestId("mcp-wire-clear").click();
  await expect(rows.first()).toHaveAttribute("data-method", "initialize");
  expect(await rows.count()).toBeGreaterThan(2);

  // Replaying the recorded MCP call asks the server again, with the edited arguments.
  const toolUse = page.locator('[data-testid="block"][data-type="tool_use"]').first();
  await toolUse.getByTestId("replay-call").click();
  const dialog = page.getByTestId("replay-dialog");
  await expect(dialog).toBeVisible();
  // It says the server is called again for real (only the sandbox is left alone).
  await expect(dialog.getByTestId("replay-mcp-note")).toContainText("MCP server fs");
  const args = dialog.getByTestId("replay-arguments");
  await expect(args).toHaveValue(/notes\.txt/);
  await args.fill(JSON.stringify({ path: `${folder}/other.txt` }));
  await dialog.getByTestId("replay-run").click();
  const replayed = dialog.getByTestId("replay-result");
  await expect(replayed).toContainText("the other file, read on replay", { timeout: RUN_TIMEOUT });
  await expect(replayed).toHaveAttribute("data-is-error", "false");
  await expect(dialog.locator('[data-testid="replay-stage"][data-stage="execute"]')).toHaveAttribute(
    "data-status",
    "ok",
  );
  await keepScreenshot(page, testInfo, "mcp-replay");
});

for (const width of [1440, 1280]) {
  test(`/mcp at ${width} px: the provider verdicts and tool cards stay inside the page`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await openApp(page);
    await page.goto("/mcp");
    await page.getByTestId("mcp-config").fill(JSON.stringify({ mcpServers: { fs: fsServer() } }));
    await page.getByTestId("mcp-inspect").click();
    const verdicts = page.getByTestId("mcp-verdicts");
    await expect(verdicts).toBeVisible({ timeout: 30_000 });
    // OpenAI strict refuses several of this server's tools: a long list of names to lay out.
    await expect(page.locator('[data-testid="mcp-verdict"][data-provider="openai-strict"]')).toHaveAttribute(
      "data-verdict",
      "errors",
    );
    await verdicts.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, `mcp-verdicts-${width}`);
    const overflow = await page.evaluate(() => {
      const page = document.querySelector('[data-testid="mcp-page"]')!.getBoundingClientRect();
      const outside = [
        ...document.querySelectorAll(
          '[data-testid="mcp-verdict"], [data-testid="mcp-verdict"] code, [data-testid="mcp-tool"]',
        ),
      ]
        .map((element) => ({
          text: element.textContent?.slice(0, 40),
          right: element.getBoundingClientRect().right,
        }))
        .filter((box) => box.right > page.right + 1);
      return {
        outside,
        scroll: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
      };
    });
    expect(overflow.outside).toEqual([]);
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.viewport);
  });
}
