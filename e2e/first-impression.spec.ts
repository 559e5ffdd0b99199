import type { Page, TestInfo } from "@playwright/test";
import { createSession, expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * Issue 17 as a new user meets it, in real Chromium against the built app: the offline model
 * planning two calls from one message and answering a follow-up, with sentences built from the
 * results; the four formats side by side over the whole window; the timeline's count, its `?seq`
 * during Play and its "Reconnecting…" when the stream drops; a replay result cleared under a new
 * JSON error. The README's screenshot comes from the first test (1440×900, parallel calls).
 */

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 150_000 });

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
  return path;
}

/** Sends a message from the composer and waits for the run to finish. */
async function send(page: Page, text: string) {
  const input = page.getByTestId("message-input");
  await input.fill(text);
  await input.press("Enter");
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
    timeout: RUN_TIMEOUT,
  });
}

test("one message, two parallel calls; a follow-up; answers in sentences (the README screenshot)", async ({
  page,
}, testInfo) => {
  await openApp(page);
  // Made through the API: the first page of a cold server can take longer than the form's wait.
  const created = await page.request.post("/api/sessions", { data: { title: "Weather and notes" } });
  expect(created.status()).toBe(201);
  await page.goto(`/sessions/${encodeURIComponent(((await created.json()) as { id: string }).id)}`);
  await expect(page.getByTestId("session-title")).toHaveText("Weather and notes", { timeout: 30_000 });
  await send(page, "What is the weather in Paris and what is in notes/todo.md?");
  const turn1 = page.getByTestId("message").nth(1);
  await expect(turn1.locator('[data-testid="block"][data-type="tool_use"]')).toHaveCount(2);
  await expect(turn1.locator('[data-testid="block"][data-type="tool_use"]').first()).toHaveAttribute(
    "data-tool-name",
    "get_weather",
  );
  const answer = page.getByTestId("message").nth(3);
  await expect(answer).toContainText("In Paris (FR) it is 18 °C and partly cloudy");
  await expect(answer).toContainText('notes/todo.md reads: "');
  await expect(answer).not.toContainText("returned");
  // Both calls are lanes of one batch in the graph.
  await expect(page.getByTestId("graph-canvas")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-testid="graph-lane-group"][data-calls="2"]')).toHaveCount(1, {
    timeout: 15_000,
  });
  await keepScreenshot(page, testInfo, "readme-parallel-calls-1440");

  await send(page, "And in Cairo?");
  const followUp = page.getByTestId("message").nth(5);
  await expect(followUp.locator('[data-testid="block"][data-type="tool_use"]')).toHaveCount(1);
  await expect(followUp).toContainText('city "Cairo"');
  await expect(page.getByTestId("message").nth(7)).toContainText("In Cairo (EG) it is 35.5 °C");
});

test("side by side: all four formats over the window, a row per message, whole words", async ({
  page,
}, testInfo) => {
  await openApp(page);
  await createSession(page, `Side by side ${Date.now()}`);
  await send(page, "What is in notes/todo.md?");
  const toggle = page.getByTestId("format-side-by-side");
  await toggle.click();
  const view = page.getByTestId("side-by-side");
  await expect(view).toBeVisible();
  await expect(view.getByTestId("side-by-side-heading")).toHaveText([
    "Anthropic",
    "OpenAI chat",
    "OpenAI Responses",
    "Unified",
  ]);
  await expect(view.getByTestId("side-by-side-loading")).toHaveCount(0, { timeout: 15_000 });
  // The window's width, not the transcript pane's: each column is at least 320 px.
  const viewBox = (await view.boundingBox())!;
  expect(viewBox.width).toBeGreaterThanOrEqual(1400);
  const headings = await view.getByTestId("side-by-side-heading").all();
  for (const heading of headings) expect((await heading.boundingBox())!.width).toBeGreaterThanOrEqual(320);
  // The system prompt (Chat sends it as a message), then user, assistant, user (results), assistant.
  const sides = await view
    .locator('[data-testid="side-by-side-cell"][data-format="anthropic"]')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-side")));
  expect(sides.slice(-4)).toEqual(["user", "assistant", "user", "assistant"]);
  // Aligned: the four cells of a row start at the same height.
  const rows = sides.length;
  for (let row = 0; row < rows; row++) {
    const tops = await view
      .locator(`[data-testid="side-by-side-cell"][data-row="${row}"]`)
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().top)));
    expect(tops).toHaveLength(4);
    expect(new Set(tops).size, `row ${row}`).toBe(1);
  }
  // The call and its result sit in the same rows in every format.
  const callRow = view.locator(`[data-testid="side-by-side-cell"][data-row="${sides.indexOf("assistant")}"]`);
  await expect(callRow.nth(1).getByTestId("format-tool-call")).toHaveCount(1);
  await expect(callRow.nth(2).locator('[data-type="function_call"]')).toHaveCount(1);
  // No word is broken mid-token: long lines scroll inside their block instead.
  const wrapping = await view
    .locator("pre")
    .evaluateAll((blocks) =>
      blocks.map((block) => [getComputedStyle(block).overflowWrap, getComputedStyle(block).wordBreak]),
    );
  expect(wrapping.length).toBeGreaterThan(4);
  for (const pair of wrapping) expect(pair).toEqual(["normal", "normal"]);
  await keepScreenshot(page, testInfo, "side-by-side-1440");
  await page.keyboard.press("Escape");
  await expect(view).toHaveCount(0);
  await expect(toggle).toBeFocused();

  // The detail pane's long JSON wraps or scrolls, never clips.
  await page.getByTestId("detail-mode-event").click();
  const blocks = page.getByTestId("detail-pane").locator("pre");
  await expect(blocks.first()).toBeVisible();
  const clipped = await blocks.evaluateAll(
    (pres) =>
      pres.filter((pre) => {
        const style = getComputedStyle(pre);
        const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
        return pre.scrollWidth > pre.clientWidth + 1 && !scrolls;
      }).length,
  );
  expect(clipped).toBe(0);
});

test("the timeline counts as the header does, and Play moves ?seq", async ({ page }) => {
  await openApp(page);
  await createSession(page, `Timeline ${Date.now()}`);
  await send(page, "What is in notes/todo.md?");
  const count = Number(await page.getByTestId("timeline").getAttribute("data-count"));
  expect(count).toBeGreaterThan(20);
  await expect(page.locator(".session-meta")).toContainText(`${count} events`);
  await expect(page.getByTestId("timeline-position")).toContainText(`Event ${count} of ${count}`);

  const slider = page.getByTestId("timeline-cursor");
  await slider.focus();
  await page.keyboard.press("Home");
  await expect(page.getByTestId("timeline-position")).toContainText(`Event 1 of ${count}`);
  await expect(page).toHaveURL(/\?seq=0$/);
  await page.getByTestId("timeline-speed").selectOption("1");
  await page.getByTestId("timeline-play").click();
  // While it plays (12 events a second at 1×), the URL follows the cursor.
  await expect
    .poll(async () => Number(new URL(page.url()).searchParams.get("seq") ?? "-1"), { timeout: 10_000 })
    .toBeGreaterThan(2);
  await expect(page.getByTestId("timeline-play")).toHaveText(/Pause/);
});

test("'● Live' becomes 'Reconnecting…' while the event stream is down", async ({ page }) => {
  await openApp(page);
  await createSession(page, `Reconnect ${Date.now()}`);
  const url = page.url();
  let served = 0;
  // The stream opens once and ends at once; every reconnect then fails, as with a stopped server.
  await page.route("**/api/sessions/*/events*", async (route) => {
    served += 1;
    if (served === 1)
      await route.fulfill({ status: 200, contentType: "text/event-stream", body: "retry: 200\n\n" });
    else await route.abort("connectionrefused");
  });
  await page.goto(url);
  const live = page.getByTestId("timeline-live");
  await expect(live).toHaveAttribute("data-connection", "reconnecting", { timeout: 15_000 });
  await expect(live).toHaveText("Reconnecting…");
  await expect(page.getByTestId("live")).toHaveAttribute("data-live", "reconnecting");
  await expect(live).not.toHaveText("● Live");
  await page.unroute("**/api/sessions/*/events*");
  await expect(live).toHaveText("● Live", { timeout: 15_000 });
});

test("a new JSON error clears the last replay's result", async ({ page }) => {
  await openApp(page);
  await createSession(page, `Replay clear ${Date.now()}`);
  await send(page, "What is in notes/todo.md?");
  await page
    .locator('[data-testid="block"][data-type="tool_use"][data-tool-name="read_file"]')
    .getByTestId("replay-call")
    .click();
  const dialog = page.getByTestId("replay-dialog");
  const args = dialog.getByTestId("replay-arguments");
  await args.fill(JSON.stringify({ path: "notes/ideas.md" }));
  await dialog.getByTestId("replay-run").click();
  await expect(dialog.getByTestId("replay-result")).toContainText("# Ideas", { timeout: RUN_TIMEOUT });
  await args.fill('{"path": ');
  await dialog.getByTestId("replay-run").click();
  await expect(dialog.getByTestId("replay-json-error")).toBeVisible();
  await expect(dialog.getByTestId("replay-result")).toHaveCount(0);
  await expect(dialog.getByTestId("replay-diff")).toHaveCount(0);
});
