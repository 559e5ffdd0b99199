import type { Page } from "@playwright/test";
import { createSession, expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";
import { LINT_TIMEOUT, replaceDefinition } from "./support/tool-editor";

/**
 * The Tools pane in real Chromium against the built app: a custom tool typed into the
 * bundled Monaco is linted for every provider as it changes, its draft survives a reload, saving
 * records it in the session, and a built-in's recorded call is validated again. Every request
 * the page makes — Monaco and its workers included — stays on our origin, with no CSP violation
 * (the shared fixture fails the test on any).
 */

test.use({ viewport: { width: 1400, height: 900 } });

async function openToolsPane(page: Page) {
  await page.getByTestId("detail-mode-tools").click();
  await expect(page.getByTestId("tools-panel")).toBeVisible();
}

const lintItem = (page: Page, rule: string) =>
  page.locator(`[data-testid="lint-list"] [data-testid="lint-item"][data-rule="${rule}"]`);

const typo = {
  name: "read_notes",
  description: "",
  input_schema: { type: "object", properies: { path: { type: "string" } }, required: ["path"] },
  mock: { kind: "echo" },
};

const fixed = {
  name: "read_notes",
  description: "Reads one note from the notes folder by its path and returns the note's text as it is.",
  input_schema: {
    type: "object",
    properties: { path: { type: "string", description: "The note's path, such as notes/todo.md." } },
    required: ["path"],
  },
  meta: { readOnly: true, idempotent: true },
  mock: { kind: "echo" },
};

test("a custom tool is linted as it is typed, its draft survives a reload, and saving records it", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== origin) foreign.push(request.url());
  });

  await openApp(page);
  await createSession(page, `Tools ${Date.now()}`);
  const input = page.getByTestId("message-input");
  await input.fill("What is in notes/todo.md?");
  await input.press("Enter");
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
    timeout: RUN_TIMEOUT,
  });

  await openToolsPane(page);
  const readFile = page.locator('[data-testid="tool-row"][data-tool-name="read_file"]');
  await expect(readFile).toHaveAttribute("data-builtin", "true");

  // The built-in's recorded call, validated again against its own schema: valid then and now.
  await readFile.click();
  const call = page.getByTestId("revalidation-item");
  await expect(call).toHaveCount(1);
  await expect(call).toHaveAttribute("data-then", "valid");
  await expect(call).toHaveAttribute("data-now", "valid", { timeout: LINT_TIMEOUT });

  // A new tool: broken JSON keeps the text and says why; then a definition with two mistakes.
  await page.getByTestId("tool-add").click();
  await replaceDefinition(page, '{"name": ');
  await expect(page.getByTestId("draft-error")).toHaveAttribute("data-reason", "json");
  await replaceDefinition(page, JSON.stringify(typo, null, 1));
  await expect(page.getByTestId("draft-error")).toHaveCount(0);
  await expect(lintItem(page, "missing-tool-description")).toHaveCount(1, { timeout: LINT_TIMEOUT });
  await expect(lintItem(page, "unknown-keyword")).toHaveCount(1);
  await page.keyboard.press("Control+Home"); // Monaco renders the decorations of visible lines only
  await expect(page.getByTestId("tool-editor").locator(".squiggly-warning").first()).toBeVisible();

  // The unsaved draft is still there after a reload.
  await page.reload();
  await openToolsPane(page);
  await page.getByTestId("tool-add").click();
  await expect(lintItem(page, "unknown-keyword")).toHaveCount(1, { timeout: LINT_TIMEOUT });

  // Fixed and saved: the lint is clean of both findings, and the tool joins the list.
  await replaceDefinition(page, JSON.stringify(fixed, null, 1));
  await expect(lintItem(page, "unknown-keyword")).toHaveCount(0, { timeout: LINT_TIMEOUT });
  await expect(lintItem(page, "missing-tool-description")).toHaveCount(0);
  await page.getByTestId("tool-save").click();
  const saved = page.locator('[data-testid="tool-row"][data-tool-name="read_notes"]');
  await expect(saved).toHaveAttribute("data-builtin", "false");
  await expect(page.getByTestId("tool-editor")).toHaveAttribute("data-tool-name", "read_notes");

  // After a reload the saved tool is in the session's tools, as saved, with no draft left.
  await page.reload();
  await openToolsPane(page);
  await expect(saved).toHaveAttribute("data-draft", "false");
  await saved.click();
  const editor = page.getByTestId("tool-editor");
  await expect(editor).toHaveAttribute("data-dirty", "false");
  await expect(editor.locator(".view-lines")).toContainText('"read_notes"', { timeout: LINT_TIMEOUT });
  await expect(page.getByTestId("revalidation-item")).toHaveCount(0);

  expect(foreign, "requests that left the page's origin").toEqual([]);
});
