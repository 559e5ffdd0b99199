import type { Page } from "@playwright/test";
import { expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * Fork in real Chromium against the built app: "Fork here" on the first user
 * message with an edited system prompt opens the child with that message only; the child runs
 * to the end on its own; the sessions list shows the child under its parent.
 */

async function sendMessage(page: Page, text: string) {
  const input = page.getByTestId("message-input");
  await input.fill(text);
  await input.press("Enter");
}

const status = (page: Page) => page.getByTestId("status");
const sessionIdOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);

test("fork at the first user message with an edited system prompt; the child runs to the end and sits under its parent", async ({
  page,
}) => {
  await openApp(page);
  const title = `Fork ${Date.now()}`;
  const created = await page.request.post("/api/sessions", { data: { title, system: "Be brief." } });
  expect(created.status()).toBe(201);
  const parentId = ((await created.json()) as { id: string }).id;
  await page.goto(`/sessions/${parentId}`);
  await expect(status(page)).toHaveAttribute("data-status", "idle");
  await sendMessage(page, "What is in notes/todo.md?");
  await expect(status(page)).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });
  await expect(page.getByTestId("message")).toHaveCount(4);

  // The user message, the results message and the answer end at fork points; the call does not.
  const first = page.getByTestId("message").first();
  await expect(page.getByTestId("fork-here")).toHaveCount(3);
  await expect(page.getByTestId("message").nth(1).getByTestId("fork-here")).toHaveCount(0);

  await first.getByTestId("fork-here").click();
  const dialog = page.getByTestId("fork-dialog");
  await expect(dialog).toBeVisible();
  const system = dialog.getByTestId("fork-system");
  await expect(system).toHaveValue("Be brief.");
  await system.fill("You are a terse assistant. Answer in one line.");
  await dialog.getByTestId("fork-submit").click();

  await expect(page).not.toHaveURL(new RegExp(`/sessions/${parentId}$`));
  await expect(page).toHaveURL(/\/sessions\/[^/?]+$/);
  const childId = sessionIdOf(page);
  await expect(page.getByTestId("message")).toHaveCount(1);
  await expect(page.getByTestId("message").first()).toHaveAttribute("data-role", "user");
  await expect(page.getByTestId("message").first()).toContainText("What is in notes/todo.md?");

  const child = await page.request.get(`/api/sessions/${childId}`);
  expect(((await child.json()) as { session: { system: string } }).session.system).toBe(
    "You are a terse assistant. Answer in one line.",
  );

  await sendMessage(page, "What is in notes/todo.md?");
  await expect(status(page)).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });

  await page.goto("/");
  const parentRow = page.locator(`[data-testid="session-row"][data-session-id="${parentId}"]`);
  const childRow = page.locator(`[data-testid="session-row"][data-session-id="${childId}"]`);
  await expect(parentRow).toHaveAttribute("data-depth", "0");
  await expect(childRow).toHaveAttribute("data-parent-id", parentId);
  await expect(childRow).toHaveAttribute("data-depth", "1");
  await expect(childRow.getByTestId("session-forked-at")).toHaveText(/forked at event \d+/);
  // The child is drawn right after its parent.
  const order = await page
    .getByTestId("session-row")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-session-id")));
  expect(order.indexOf(childId)).toBe(order.indexOf(parentId) + 1);
});
