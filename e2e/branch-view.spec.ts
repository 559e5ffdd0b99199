import type { Page } from "@playwright/test";
import { createEchoSession, keepScreenshot, readEvents } from "./support/echo-session";
import { expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * Fork edits beyond the system prompt, and the branch view, in real Chromium against the built
 * app: a fork whose edited messages break pairing is refused with the doctor's findings and
 * creates nothing; a policy field the server refuses is named; a fork with an edited tool
 * result, policy and tool runs to its end; "Compare with parent" shows both sessions turn by
 * turn from the fork point, the first differing turn marked and the differing blocks highlighted.
 */

test.use({ viewport: { width: 1400, height: 900 } });

const status = (page: Page) => page.getByTestId("status");

async function countForksOf(page: Page, parentId: string): Promise<number> {
  const response = await page.request.get("/api/sessions");
  const { sessions } = (await response.json()) as { sessions: { parentId?: string }[] };
  return sessions.filter((session) => session.parentId === parentId).length;
}

test("fork with edited messages, policy and tools; the doctor guards; compare the child with its parent", async ({
  page,
}, testInfo) => {
  await openApp(page);
  const id = await createEchoSession(page, {
    title: `Branch ${Date.now()}`,
    messages: ['Echo "hello world"'],
  });
  await page.goto(`/sessions/${id}`);
  await expect(status(page)).toHaveAttribute("data-status", "finished");
  await expect(page.getByTestId("message")).toHaveCount(4);

  // Fork at the end of turn 1; the messages section lists the three messages up to there.
  await page.getByTestId("message").nth(2).getByTestId("fork-here").click();
  const fork = page.getByTestId("fork-dialog");
  await fork.getByTestId("fork-section-messages-toggle").click();
  await expect(fork.getByTestId("fork-message")).toHaveCount(3);
  const result = fork.locator('[data-testid="fork-block"][data-type="toolResult"]');
  await expect(result.getByTestId("fork-block-content")).toHaveValue('{"text":"hello world"}');

  // Removing the tool result leaves the call unanswered: the doctor refuses, nothing is created.
  await result.getByTestId("fork-block-remove").check();
  await fork.getByTestId("fork-submit").click();
  const error = fork.getByTestId("fork-error");
  await expect(error).toBeVisible({ timeout: RUN_TIMEOUT });
  await expect(error.locator('[data-testid="fork-doctor-problem"]').first()).toHaveAttribute(
    "data-rule",
    /result-missing|empty-message/,
  );
  await expect(error.getByTestId("fork-error-path")).toHaveText(/\/edits\/messages/);
  expect(await countForksOf(page, id)).toBe(0);
  await keepScreenshot(page, testInfo, "1-doctor-refuses");

  // Keep the result, with other content, as an error the model must read.
  await result.getByTestId("fork-block-remove").uncheck();
  await result.getByTestId("fork-block-content").fill("HELLO FROM THE FORK");
  await result.getByTestId("fork-block-is-error").check();

  // The policy: not JSON keeps the text and blocks the fork; a field the server refuses is named.
  await fork.getByTestId("fork-section-policy-toggle").click();
  const policy = fork.getByTestId("fork-policy-text");
  await policy.fill('{"batch": ');
  await expect(fork.getByTestId("fork-policy-problem")).toBeVisible();
  await expect(fork.getByTestId("fork-submit")).toBeDisabled();
  await policy.fill('{"batch": "sometimes"}');
  await fork.getByTestId("fork-submit").click();
  await expect(error.getByTestId("fork-error-path")).toHaveText(/\/edits\/policy\/batch/, {
    timeout: RUN_TIMEOUT,
  });
  await expect(fork.getByTestId("fork-policy-refused")).toContainText("/edits/policy/batch");
  expect(await countForksOf(page, id)).toBe(0);
  await policy.fill('{"batch": "independent", "hookFailure": "fail-open"}');

  // A tool: echo's description edited as JSON.
  await fork.getByTestId("fork-section-tools-toggle").click();
  const toolText = fork.getByTestId("fork-tool-text");
  await expect(toolText).toHaveAttribute("data-tool-name", "echo");
  const edited = JSON.parse(await toolText.inputValue()) as { description: string };
  edited.description = "Echoes the text back, as it was given.";
  await toolText.fill(JSON.stringify(edited, null, 2));
  await keepScreenshot(page, testInfo, "2-fork-edits");
  await fork.getByTestId("fork-submit").click();

  // The child opens with the edited result, and its model reads it on the next turn.
  await expect(page).not.toHaveURL(new RegExp(`/sessions/${id}$`));
  await expect(page.getByTestId("message")).toHaveCount(3);
  await expect(page.getByTestId("message").nth(2)).toContainText("HELLO FROM THE FORK");
  const childId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);
  await page.getByTestId("control-continue").click();
  await expect(status(page)).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });
  await expect(page.getByTestId("message").nth(3)).toContainText("HELLO FROM THE FORK");
  const child = (await (await page.request.get(`/api/sessions/${childId}`)).json()) as {
    session: { policy: unknown; tools: { name: string; description: string }[] };
  };
  expect(child.session.policy).toEqual({ batch: "independent", hookFailure: "fail-open" });
  expect(child.session.tools.map((tool) => tool.description)).toEqual([
    "Echoes the text back, as it was given.",
  ]);
  const forked = (await readEvents(page, childId)).find((event) => event.kind === "session.forked");
  expect(forked).toBeDefined();

  // "Compare with parent" from the sessions tree.
  await page.goto("/");
  await page
    .locator(`[data-testid="session-row"][data-session-id="${childId}"]`)
    .getByTestId("compare-with-parent")
    .click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${childId}/compare\\?with=${id}$`));
  const view = page.getByTestId("branch-view");
  await expect(view).toBeVisible();
  const sides = view.getByTestId("branch-side");
  await expect(sides.nth(0)).toHaveAttribute("data-session-id", id);
  await expect(sides.nth(1)).toHaveAttribute("data-session-id", childId);
  await expect(view.getByTestId("branch-fork-point")).toContainText("turn 1");

  const turns = view.getByTestId("branch-turn");
  await expect(turns).toHaveCount(2);
  const first = turns.nth(0);
  await expect(first).toHaveAttribute("data-turn", "1");
  await expect(first).toHaveAttribute("data-match", "changed");
  await expect(first).toHaveAttribute("data-position", "at-fork");
  await expect(first).toHaveAttribute("data-first-difference", "true");
  await expect(first.getByTestId("branch-first-difference")).toBeVisible();
  // The user text and the call match; only the result differs, side by side.
  await expect(first.getByTestId("branch-pair")).toHaveCount(4);
  await expect(first.locator('[data-testid="branch-pair"][data-match="same"]')).toHaveCount(3);
  const changed = first.locator('[data-testid="branch-pair"][data-match="changed"]');
  await expect(changed.locator('[data-side="left"]')).toContainText('{"text":"hello world"}');
  await expect(changed.locator('[data-side="right"]')).toContainText("HELLO FROM THE FORK");
  await expect(changed.locator('[data-side="right"] [data-testid="branch-result"]')).toHaveAttribute(
    "data-is-error",
    "true",
  );
  await expect(turns.nth(1)).toHaveAttribute("data-match", "changed");
  await expect(turns.nth(1)).toHaveAttribute("data-position", "after-fork");
  await expect(view.locator('[data-testid="branch-config"]')).toHaveCount(2);
  await expect(view.locator('[data-testid="branch-config"][data-field="policy"]')).toBeVisible();
  const toolDifference = view.getByTestId("branch-tool-difference");
  await expect(toolDifference).toHaveAttribute("data-change", "changed");
  await expect(toolDifference).toContainText("echo");
  await expect(toolDifference).toContainText("description");
  await keepScreenshot(page, testInfo, "3-branch-view");

  // The same view in Chinese.
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("比较会话");
  await expect(first.getByTestId("branch-first-difference")).toHaveText("第一处不同");
  await keepScreenshot(page, testInfo, "4-branch-view-zh");
});
