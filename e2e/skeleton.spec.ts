import type { Locator } from "@playwright/test";
import { createSession, expect, openApp, readTranscript, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * The walking skeleton, end to end in real Chromium against the built app: create a session,
 * send a message, watch the run's transcript arrive live (paired by tool id), reload to the same
 * transcript, switch the language, delete a session — with zero CSP violations or page errors.
 */

const blocksOf = (message: Locator, type: string) =>
  message.locator(`[data-testid="block"][data-type="${type}"]`);

test("a message runs read_file, and the transcript shows each step live, paired by id", async ({ page }) => {
  await openApp(page);
  await createSession(page, `Read the todo list ${Date.now()}`);
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "idle");

  const input = page.getByTestId("message-input");
  await input.fill("What is in notes/todo.md?");
  await input.press("Enter");

  const messages = page.getByTestId("message");
  const question = messages.nth(0);
  await expect(question).toHaveAttribute("data-role", "user", { timeout: RUN_TIMEOUT });
  await expect(blocksOf(question, "text").getByTestId("block-text")).toHaveText("What is in notes/todo.md?");

  const call = messages.nth(1);
  await expect(call).toHaveAttribute("data-role", "assistant", { timeout: RUN_TIMEOUT });
  await expect(blocksOf(call, "text").first()).toBeVisible();
  const toolUse = blocksOf(call, "tool_use");
  await expect(toolUse).toHaveCount(1);
  await expect(toolUse).toHaveAttribute("data-tool-name", "read_file");
  expect(JSON.parse((await toolUse.getByTestId("tool-input").textContent()) ?? "")).toEqual({
    path: "notes/todo.md",
  });
  const toolUseId = await toolUse.getAttribute("data-tool-use-id");
  expect(toolUseId).toBeTruthy();

  const results = messages.nth(2);
  await expect(results).toHaveAttribute("data-role", "user", { timeout: RUN_TIMEOUT });
  const toolResult = blocksOf(results, "tool_result");
  await expect(toolResult).toHaveAttribute("data-tool-use-id", toolUseId!);
  await expect(toolResult).toHaveAttribute("data-is-error", "false");
  await expect(toolResult.getByTestId("tool-result-content")).toContainText("# Todo");

  const answer = messages.nth(3);
  await expect(answer).toHaveAttribute("data-role", "assistant", { timeout: RUN_TIMEOUT });
  await expect(blocksOf(answer, "text").first()).toBeVisible();
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
    timeout: RUN_TIMEOUT,
  });
  await expect(messages).toHaveCount(4);

  // The pairing is visible both ways, and hovering one block highlights its partner.
  await expect(toolUse.getByTestId("pair-link")).toContainText("result ↓ in message 3");
  await expect(toolResult.getByTestId("pair-link")).toContainText("for tool_use read_file in message 2");
  await toolUse.hover();
  await expect(toolResult).toHaveClass(/is-paired-active/);

  const before = await readTranscript(page);
  await page.reload();
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished");
  await expect(messages).toHaveCount(4);
  expect(await readTranscript(page)).toEqual(before);
});

test("switching the language to 中文 translates the header", async ({ page }) => {
  await openApp(page);
  const header = page.getByTestId("app-header");
  await expect(header.getByRole("link", { name: "Sessions" })).toBeVisible();
  await header.getByRole("button", { name: "中文" }).click();
  await expect(header.getByRole("link", { name: "会话" })).toBeVisible();
  await expect(header).toContainText("LLM 工具调用调试器");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(header.getByRole("button", { name: "中文" })).toHaveAttribute("aria-pressed", "true");
});

test("the sessions page lists a created session, and delete removes it after confirming", async ({
  page,
}) => {
  await openApp(page);
  const title = `To be deleted ${Date.now()}`;
  await createSession(page, title);
  await page.getByTestId("app-header").getByRole("link", { name: "Sessions" }).click();

  const row = page.getByTestId("session-row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("status")).toHaveAttribute("data-status", "idle");
  await row.getByTestId("delete-session").click();
  await row.getByTestId("confirm-delete").click();
  await expect(row).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId("session-row").filter({ hasText: title })).toHaveCount(0);
});
