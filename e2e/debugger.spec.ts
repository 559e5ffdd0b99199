import type { Page, TestInfo } from "@playwright/test";
import { createSession, expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * The debugger in real Chromium against the built app, at 1280×800: the stream panel
 * and its scrubber on a live run, stepping with breakpoints and keys, approving and denying a
 * call, and the timeline's time travel with `?seq=` — each test keeps a screenshot.
 */

test.use({ viewport: { width: 1280, height: 800 } });

/** Saves a screenshot in the test's output folder and attaches it to the report. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

async function sendMessage(page: Page, text: string) {
  const input = page.getByTestId("message-input");
  await input.fill(text);
  await input.press("Enter");
}

const status = (page: Page) => page.getByTestId("status");

/** Creates a session through the API (the page's cookie authorizes it) and opens it. */
async function openApiSession(page: Page, body: Record<string, unknown>): Promise<string> {
  const response = await page.request.post("/api/sessions", { data: body });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await page.goto(`/sessions/${id}`);
  await expect(status(page)).toHaveAttribute("data-status", "idle");
  return id;
}

test("a live run fills the stream panel and the transcript; mid tool call the scrubber shows a prefix of the final arguments", async ({
  page,
}, testInfo) => {
  await openApp(page);
  await createSession(page, `Stream ${Date.now()}`);
  await sendMessage(page, "What is in notes/todo.md?");
  await expect(status(page)).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });

  const rows = page.getByTestId("stream-row");
  await expect(
    page.locator('[data-testid="stream-row"][data-event="content_block_delta"]').first(),
  ).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(3);
  await expect(page.getByTestId("message")).toHaveCount(4);
  await expect(page.getByTestId("graph-node").first()).toBeVisible();

  // Turn 1 is the one with the tool call; keep only the deltas, then walk back from the last one.
  await page.getByTestId("stream-turn").selectOption("1");
  const filter = page.getByTestId("stream-filter");
  for (const chip of await filter.locator("input[type=checkbox]").all()) {
    const type = await chip.evaluate((input) => input.closest("[data-type]")?.getAttribute("data-type"));
    if (type !== "content_block_delta") await chip.uncheck();
  }
  await expect(
    page.locator('[data-testid="stream-row"]:not([data-event="content_block_delta"])'),
  ).toHaveCount(0);

  const list = page.getByTestId("stream-list");
  await list.focus();
  await list.press("End");
  const selected = page.locator('[data-testid="stream-row"][aria-selected="true"]');
  await expect(selected).toHaveAttribute("data-delta-type", "input_json_delta");
  const raw = page.getByTestId("partial-arguments-raw");
  const finalRaw = (await raw.textContent()) ?? "";
  const finalArguments = JSON.parse(finalRaw) as Record<string, unknown>;
  expect(finalArguments).toEqual({ path: "notes/todo.md" });

  await list.press("ArrowUp");
  await expect(selected).toHaveAttribute("data-delta-type", "input_json_delta");
  const partialRaw = (await raw.textContent()) ?? "";
  expect(partialRaw.length).toBeLessThan(finalRaw.length);
  expect(finalRaw.startsWith(partialRaw)).toBe(true);
  const partial = page.getByTestId("partial-arguments");
  const parsed = JSON.parse((await partial.textContent()) ?? "null") as Record<string, unknown>;
  for (const [key, value] of Object.entries(parsed)) {
    expect(typeof value).toBe("string");
    expect((finalArguments[key] as string).startsWith(value as string)).toBe(true);
  }
  await keepScreenshot(page, testInfo, "stream-scrubber");
});

test("breakpoint before execute pauses the run; F10 steps; F5 continues to the end", async ({
  page,
}, testInfo) => {
  await openApp(page);
  await createSession(page, `Stepping ${Date.now()}`);
  const toggle = page.getByTestId("breakpoint-beforeExecute");
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeEnabled();

  await sendMessage(page, "What is in notes/todo.md?");
  const banner = page.getByTestId("paused-banner");
  await expect(banner).toHaveAttribute("data-point", "beforeExecute", { timeout: RUN_TIMEOUT });
  await expect(status(page)).toHaveAttribute("data-status", "paused");
  await expect(banner).toContainText("Paused before execute of read_file (call ");
  const callId = await banner.getAttribute("data-call-id");
  await expect(page.locator(`[data-testid="block"][data-tool-use-id="${callId}"]`)).toHaveClass(
    /is-paused-here/,
  );
  await expect(page.getByTestId("control-step")).toBeEnabled();
  await expect(page.getByTestId("control-pause")).toBeDisabled();
  await keepScreenshot(page, testInfo, "paused-before-execute");

  await page.keyboard.press("F10");
  await expect(banner).toHaveAttribute("data-point", "afterResult", { timeout: RUN_TIMEOUT });
  await expect(page.locator('[data-testid="block"][data-type="tool_result"]')).toHaveCount(1);

  await page.keyboard.press("F5");
  await expect(status(page)).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId("message")).toHaveCount(4);
});

test("an approval is approved once and denied once; the denied call's result says denied_by_user", async ({
  page,
}, testInfo) => {
  await openApp(page);
  await openApiSession(page, {
    title: `Approvals ${Date.now()}`,
    tools: [
      {
        name: "approve_payment",
        description: "Approve a payment.",
        input_schema: { type: "object", properties: {} },
        meta: { needsApproval: true },
        mock: { kind: "static", result: "paid" },
      },
    ],
  });
  const dialog = page.getByTestId("approval-dialog");
  const results = page.locator('[data-testid="block"][data-type="tool_result"]');

  await sendMessage(page, "Please approve the payment");
  await expect(dialog).toBeVisible({ timeout: RUN_TIMEOUT });
  await expect(dialog).toContainText("approve_payment");
  await expect(dialog.getByTestId("tool-metadata")).toContainText("needsApproval");
  await expect(dialog.getByTestId("approval-validation")).toHaveAttribute("data-valid", "true");

  // Escape hides the dialog without deciding; the run still waits.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("paused-banner")).toHaveAttribute("data-reason", "approval");
  await expect(status(page)).toHaveAttribute("data-status", "paused");
  await page.getByTestId("paused-review").click();
  await expect(dialog).toBeVisible();

  // Invalid JSON in the editor keeps the text and says why.
  await dialog.getByTestId("edit").click();
  await dialog.getByTestId("edit-arguments").fill("{ oops");
  await dialog.getByTestId("send-edit").click();
  await expect(dialog.getByTestId("edit-json-error")).toBeVisible();
  await expect(dialog.getByTestId("edit-arguments")).toHaveValue("{ oops");
  await keepScreenshot(page, testInfo, "approval-dialog");

  await dialog.getByTestId("approve").click();
  await expect(status(page)).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });
  await expect(results).toHaveCount(1);
  await expect(results.first()).toHaveAttribute("data-is-error", "false");
  await expect(results.first()).toContainText("paid");

  await sendMessage(page, "Please approve the payment");
  await expect(dialog).toBeVisible({ timeout: RUN_TIMEOUT });
  await dialog.getByTestId("deny-reason").fill("Not this month");
  await dialog.getByTestId("deny").click();
  await expect(status(page)).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });
  await expect(results).toHaveCount(2);
  await expect(results.nth(1)).toHaveAttribute("data-is-error", "true");
  await expect(results.nth(1)).toContainText("denied_by_user");
  await keepScreenshot(page, testInfo, "approved-then-denied");
});

test("moving the timeline cursor back shows that moment in the transcript and graph; ?seq= reopens it", async ({
  page,
}, testInfo) => {
  await openApp(page);
  const id = await openApiSession(page, { title: `Time travel ${Date.now()}` });
  await sendMessage(page, "What is in notes/todo.md?");
  await expect(status(page)).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });
  await expect(page.getByTestId("message")).toHaveCount(4);

  // The moment the first turn completed: the tool_use is there, its result not yet.
  const response = await page.request.get(`/api/sessions/${id}`);
  const { events } = (await response.json()) as { events: { seq: number; kind: string }[] };
  const index = events.findIndex((event) => event.kind === "turn.completed");
  const seq = events[index]!.seq;
  const nodes = page.getByTestId("graph-node");
  // The graph draws one step behind the cursor: count its ok nodes once it has drawn the run.
  await expect(page.locator('[data-testid="graph-node"][data-status="ok"]').first()).toBeVisible();
  const okBefore = await page.locator('[data-testid="graph-node"][data-status="ok"]').count();

  const track = page.getByTestId("timeline");
  const box = (await track.boundingBox())!;
  await track.click({ position: { x: ((index + 0.5) / events.length) * box.width, y: box.height / 2 } });
  const cursor = page.getByTestId("timeline-cursor");
  await expect(cursor).toHaveAttribute("aria-valuenow", String(seq));
  await expect(page.getByTestId("message")).toHaveCount(2);
  await expect(page.locator('[data-testid="block"][data-type="tool_result"]')).toHaveCount(0);
  await expect(nodes.first()).toBeVisible();
  expect(await page.locator('[data-testid="graph-node"][data-status="ok"]').count()).toBeLessThan(okBefore);

  // Keys move it too; the URL follows (debounced), and a reload opens the same moment.
  await cursor.focus();
  await cursor.press("ArrowLeft");
  await expect(cursor).toHaveAttribute("aria-valuenow", String(seq - 1));
  await expect(page.getByTestId("message")).toHaveCount(1);
  await cursor.press("ArrowRight");
  await expect(cursor).toHaveAttribute("aria-valuenow", String(seq));
  await expect(page).toHaveURL(new RegExp(`[?&]seq=${seq}$`));
  await keepScreenshot(page, testInfo, "timeline-moment");

  await page.reload();
  await expect(page.getByTestId("timeline-cursor")).toHaveAttribute("aria-valuenow", String(seq));
  await expect(page.getByTestId("message")).toHaveCount(2);
  await expect(page.getByTestId("past-notice")).toBeVisible();

  await page.getByTestId("timeline-live").click();
  await expect(page.getByTestId("message")).toHaveCount(4);
  await expect(page).toHaveURL(new RegExp(`/sessions/${id}$`));
});

test("on a slowed run, graph nodes go from running to ok as the events arrive", async ({
  page,
}, testInfo) => {
  await openApp(page);
  // 5 events per second: the model's first stream (15 events) takes 3 s, long enough to watch
  // even on a loaded machine (at 15 per second its 1 s was missed twice at load 8–12).
  await openApiSession(page, { title: `Slow ${Date.now()}`, provider: { kind: "offline", pace: 5 } });
  await sendMessage(page, "What is in notes/todo.md?");
  const stream = page.locator('[data-testid="graph-node"][data-node-kind="stream"]').first();
  await expect(stream).toHaveAttribute("data-status", "running", { timeout: RUN_TIMEOUT });
  await keepScreenshot(page, testInfo, "graph-running");
  await expect(status(page)).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });
  await expect(stream).toHaveAttribute("data-status", "ok");
  await expect(page.locator('[data-testid="graph-node"][data-status="running"]')).toHaveCount(0);
  await keepScreenshot(page, testInfo, "graph-done");
});
