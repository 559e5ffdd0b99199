import type { Page, TestInfo } from "@playwright/test";
import { createSession, expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * The transcript pane's format switch in real Chromium against the built app: after a
 * read_file run, the same conversation in OpenAI chat and Responses shapes, as raw JSON, all
 * four side by side, and the request view's diff of turn 2 against turn 1. A turn whose stream
 * was cut part-way carries its mark in the transcript and on the graph's stream node.
 */

test.use({ viewport: { width: 1280, height: 800 } });

/** Saves a screenshot in the test's output folder and attaches it to the report. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

test("the format switch shows the run as OpenAI chat, Responses, raw JSON and the request diff", async ({
  page,
}, testInfo) => {
  await openApp(page);
  await createSession(page, `Formats ${Date.now()}`);
  const input = page.getByTestId("message-input");
  await input.fill("What is in notes/todo.md?");
  await input.press("Enter");
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
    timeout: RUN_TIMEOUT,
  });
  await expect(page.getByTestId("message")).toHaveCount(4);
  const toolUseId = await page
    .locator('[data-testid="block"][data-type="tool_use"]')
    .getAttribute("data-tool-use-id");
  expect(toolUseId).toBeTruthy();

  // OpenAI chat: the assistant's tool_calls, answered by a role "tool" message with the same id.
  const formatSwitch = page.getByTestId("format-switch");
  await formatSwitch.selectOption("openai-chat");
  const chat = page.getByTestId("format-body");
  await expect(chat).toHaveAttribute("data-format", "openai-chat");
  const callMessage = chat.locator('[data-testid="format-message"][data-role="assistant"]', {
    has: page.getByTestId("format-tool-call"),
  });
  await expect(callMessage).toHaveCount(1);
  await expect(callMessage.getByTestId("format-tool-call")).toHaveAttribute("data-call-id", toolUseId!);
  await expect(callMessage.getByTestId("format-tool-call")).toContainText("read_file");
  const toolMessage = chat.locator('[data-testid="format-message"][data-role="tool"]');
  await expect(toolMessage).toHaveCount(1);
  await expect(toolMessage.getByTestId("tool-call-id")).toHaveText(toolUseId!);
  await expect(page.getByTestId("message")).toHaveCount(0);
  await keepScreenshot(page, testInfo, "openai-chat");

  // Responses: a function_call and its function_call_output, paired by call_id.
  await formatSwitch.selectOption("openai-responses");
  const items = page.getByTestId("format-body").getByTestId("format-item");
  await expect(items.and(page.locator('[data-type="function_call"]'))).toHaveAttribute(
    "data-call-id",
    toolUseId!,
  );
  await expect(items.and(page.locator('[data-type="function_call_output"]'))).toHaveAttribute(
    "data-call-id",
    toolUseId!,
  );

  // Raw JSON: the Responses body exactly, as pretty JSON.
  await page.getByTestId("format-raw").click();
  const raw = JSON.parse((await page.getByTestId("raw-json").textContent()) ?? "") as {
    input: { type: string; call_id?: string }[];
  };
  expect(raw.input.map((item) => item.type)).toEqual([
    "message",
    "message",
    "function_call",
    "function_call_output",
    "message",
  ]);
  await page.getByTestId("format-raw").click();

  // Side by side: all four formats over the whole window, one column each.
  await page.getByTestId("format-side-by-side").click();
  const sideBySide = page.getByTestId("side-by-side");
  await expect(sideBySide.getByTestId("side-by-side-heading")).toHaveCount(4);
  await expect(sideBySide.getByTestId("format-item")).toHaveCount(5);
  await expect(sideBySide.locator('[data-testid="format-message"][data-role="tool"]')).toHaveCount(1);
  await keepScreenshot(page, testInfo, "side-by-side");
  await sideBySide.getByTestId("side-by-side-close").click();
  await expect(sideBySide).toHaveCount(0);

  // The request view: turn 2 reuses turn 1's tools and system; its messages changed.
  await page.getByTestId("format-requests").click();
  const turn2 = page.locator('[data-testid="request-turn"][data-turn="2"]');
  const section = (name: string) => turn2.locator(`[data-testid="request-section"][data-section="${name}"]`);
  await expect(section("tools")).toHaveAttribute("data-status", "unchanged");
  await expect(section("system")).toHaveAttribute("data-status", "unchanged");
  await expect(section("messages")).toHaveAttribute("data-status", "changed");
  await expect(turn2).toHaveAttribute("data-stable-prefix", "tools,system");
  await expect(turn2.getByTestId("request-summary")).toContainText("2 messages added");
  await expect(section("tools").getByTestId("request-tokens")).toContainText("estimate (o200k_base)");
  await keepScreenshot(page, testInfo, "request-view");
});

test("a turn whose stream was cut is marked in the transcript and in the graph", async ({ page }) => {
  await openApp(page);
  const created = await page.request.post("/api/sessions", { data: { scenario: "stream-cut" } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/sessions/${id}/messages`, { data: {} })).status()).toBe(202);
  await page.goto(`/sessions/${encodeURIComponent(id)}`);
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "failed", {
    timeout: RUN_TIMEOUT,
  });

  const cut = page.getByTestId("message").filter({ has: page.getByTestId("message-cut") });
  await expect(cut).toHaveCount(1);
  await expect(cut).toHaveAttribute("data-role", "assistant");
  await expect(cut.getByTestId("message-cut")).toHaveText("stream cut — partial message");
  await expect(cut.getByTestId("message-cut")).toHaveAttribute("title", /failed part-way/);
  await expect(
    page.locator('[data-testid="graph-node"][data-node-kind="stream"]').getByTestId("graph-stream-cut"),
  ).toHaveCount(1);
});
