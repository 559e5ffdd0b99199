import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** How long Monaco may take to load and lint (its workers start on first use). */
export const LINT_TIMEOUT = 15_000;

/**
 * Replaces the whole text of the definition open in the Tools pane's Monaco editor. Monaco takes
 * inserted text as typing, so it may auto-close a bracket after the cursor; whatever follows the
 * inserted text is deleted.
 */
export async function replaceDefinition(page: Page, text: string): Promise<void> {
  const editor = page.getByTestId("tool-editor").locator(".monaco-editor");
  await expect(editor).toBeVisible({ timeout: LINT_TIMEOUT });
  await editor.locator(".view-lines").click();
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(text);
  await page.keyboard.press("Shift+Control+End");
  await page.keyboard.press("Delete");
}
