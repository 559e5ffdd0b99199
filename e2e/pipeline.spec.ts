import { createSession, expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * The session page shows a harness refusal as the model sees it: an is_error tool_result with
 * its error kind and the harness's hint — here a schema-valid read of /etc/passwd blocked by
 * the workspace rule, after which the model answers from the error.
 */
test("a blocked call shows is_error with its kind and hint, paired with its tool_use", async ({ page }) => {
  await openApp(page);
  await createSession(page, "Sandbox boundary");
  await page.getByTestId("message-input").fill("Read /etc/passwd");
  await page.getByTestId("send").click();
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
    timeout: RUN_TIMEOUT,
  });

  const toolUse = page.locator('[data-testid="block"][data-type="tool_use"]');
  await expect(toolUse).toHaveAttribute("data-tool-name", "read_file");
  const id = await toolUse.getAttribute("data-tool-use-id");
  const result = page.locator(`[data-testid="block"][data-type="tool_result"][data-tool-use-id="${id}"]`);
  await expect(result).toHaveAttribute("data-is-error", "true");
  await expect(result.getByTestId("tool-error-kind")).toHaveText("blocked_by_policy");
  await expect(result.getByTestId("tool-error-hint")).toHaveText(
    "Do not retry the same call; choose arguments the policy allows, or ask the person.",
  );
  await expect(result.getByTestId("tool-result-content")).toContainText("must stay inside the workspace");
  await expect(page.getByTestId("message")).toHaveCount(4);
});
