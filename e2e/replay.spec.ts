import { createSession, expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * Replaying one call from the transcript in real Chromium against the built
 * app: a read_file call replayed with another path answers with that file, shown beside the
 * original with a line diff; replayed with `{}` it fails schema validation, and says so.
 */

test("Replay runs a read_file call again with edited arguments and diffs the results", async ({ page }) => {
  await openApp(page);
  await createSession(page, `Replay ${Date.now()}`);
  const input = page.getByTestId("message-input");
  await input.fill("What is in notes/todo.md?");
  await input.press("Enter");
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
    timeout: RUN_TIMEOUT,
  });

  const toolUse = page.locator('[data-testid="block"][data-type="tool_use"][data-tool-name="read_file"]');
  await expect(toolUse).toHaveCount(1);
  await toolUse.getByTestId("replay-call").click();

  const dialog = page.getByTestId("replay-dialog");
  await expect(dialog).toBeVisible();
  const args = dialog.getByTestId("replay-arguments");
  await expect(args).toHaveValue(/notes\/todo\.md/);

  // Invalid JSON keeps the text and says why; nothing is sent.
  await args.fill('{"path": ');
  await dialog.getByTestId("replay-run").click();
  await expect(dialog.getByTestId("replay-json-error")).toBeVisible();
  await expect(args).toHaveValue('{"path": ');

  await args.fill(JSON.stringify({ path: "notes/ideas.md" }));
  await dialog.getByTestId("replay-run").click();
  const result = dialog.getByTestId("replay-result");
  await expect(result).toContainText("# Ideas", { timeout: RUN_TIMEOUT });
  await expect(result).toHaveAttribute("data-is-error", "false");
  await expect(dialog.getByTestId("replay-original")).toContainText("# Todo");
  const diff = dialog.getByTestId("replay-diff");
  await expect(diff.locator('[data-kind="removed"]', { hasText: "# Todo" })).toHaveCount(1);
  await expect(diff.locator('[data-kind="added"]', { hasText: "# Ideas" })).toHaveCount(1);
  await expect(dialog.locator('[data-testid="replay-stage"][data-stage="validate"]')).toHaveAttribute(
    "data-status",
    "ok",
  );

  // Empty arguments fail the schema: the error kind is shown.
  await args.fill("{}");
  await dialog.getByTestId("replay-run").click();
  await expect(result.getByTestId("replay-error-kind")).toHaveText("schema_validation_error", {
    timeout: RUN_TIMEOUT,
  });
  await expect(result).toHaveAttribute("data-is-error", "true");
  await expect(dialog.locator('[data-testid="replay-stage"][data-stage="validate"]')).toHaveAttribute(
    "data-status",
    "error",
  );

  // Escape closes the dialog; the transcript is as it was.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("message")).toHaveCount(4);
});
