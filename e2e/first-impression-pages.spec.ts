import type { Page, TestInfo } from "@playwright/test";
import { expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * Issue 17's small things and its done-when, in real Chromium against the built app: the
 * Settings placeholder is a current model id; a zh Settings page gives the server's reasons in
 * Chinese; the home page's dropdowns are styled; and the billing batch at 1920×1080 under both
 * policies, where an all-or-nothing batch turns only the failing call's branch red.
 */

test.describe.configure({ timeout: 150_000 });

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

const ENDS = new Set(["run.finished", "run.failed", "run.interrupted"]);

async function countEnds(page: Page, id: string): Promise<number> {
  const response = await page.request.get(`/api/sessions/${encodeURIComponent(id)}`);
  const events = ((await response.json()) as { events: { kind: string }[] }).events;
  return events.filter((event) => ENDS.has(event.kind)).length;
}

/** Sends the lesson's next message through the API and waits for the run to end. */
async function runNext(page: Page, id: string, ends: number) {
  const sent = await page.request.post(`/api/sessions/${encodeURIComponent(id)}/messages`, { data: {} });
  expect(sent.status()).toBe(202);
  await expect.poll(() => countEnds(page, id), { timeout: RUN_TIMEOUT }).toBe(ends);
}

test("Settings: a current model id as the placeholder; the home page's dropdowns are styled", async ({
  page,
}) => {
  await openApp(page);
  const select = page.getByTestId("provider-select");
  await expect(select).toBeVisible();
  const style = await select.evaluate((element) => {
    const own = getComputedStyle(element);
    return {
      appearance: own.appearance,
      font: own.fontFamily,
      body: getComputedStyle(document.body).fontFamily,
    };
  });
  expect(style.appearance).toBe("none");
  expect(style.font).toBe(style.body);
  await page.goto("/settings");
  const anthropic = page.getByTestId("settings-section-anthropic");
  await expect(anthropic.locator('input[placeholder*="claude-sonnet-4-6"]')).toHaveCount(1);
});

test.describe("in Chinese", () => {
  test.use({ locale: "zh-CN" });

  test("the Settings page gives the server's reasons in Chinese", async ({ page }, testInfo) => {
    await openApp(page);
    await page.goto("/settings");
    const reason = page.getByTestId("settings-section-anthropic").getByTestId("runnable");
    await expect(reason).toBeVisible();
    // The e2e server holds no key, so the provider cannot run and says why, in Chinese.
    await expect(reason).toContainText("暂不可用：没有 Anthropic API 密钥");
    await expect(reason).not.toContainText("No Anthropic API key");
    await expect(page.locator("main")).not.toContainText("No OpenAI API key");
    await keepScreenshot(page, testInfo, "settings-zh");
  });
});

test.describe("at 1920×1080", () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test("the billing batch: only the failing call's branch is red; then independent", async ({
    page,
  }, testInfo) => {
    await openApp(page);
    const created = await page.request.post("/api/sessions", { data: { scenario: "billing-batch" } });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    await runNext(page, id, 1);
    await page.goto(`/sessions/${encodeURIComponent(id)}`);
    await expect(page.getByTestId("graph-canvas")).toBeVisible({ timeout: 30_000 });
    await page.getByTestId("graph-fit").click();
    await expect(
      page.locator('[data-testid="graph-node"][data-stage="validate"][data-status="error"]'),
    ).toHaveCount(1);
    // Three calls took the error result (one failed, two aborted); one branch edge is red.
    await expect(
      page.locator('[data-testid="graph-node"][data-status="error"][data-node-id$=":error-result"]'),
    ).toHaveCount(3);
    await expect(page.locator("path.graph-edge-branch.is-taken")).toHaveCount(1);
    await keepScreenshot(page, testInfo, "billing-all-or-nothing-1920");

    await runNext(page, id, 2);
    await page.goto(`/sessions/${encodeURIComponent(id)}`);
    await expect(page.getByTestId("graph-canvas")).toBeVisible({ timeout: 30_000 });
    await keepScreenshot(page, testInfo, "billing-independent-1920");
    await page.getByTestId("graph-fit").click();
    await expect(
      page.locator('[data-testid="graph-node"][data-stage="execute"][data-status="ok"][data-node-id^="t3:"]'),
    ).toHaveCount(2);
  });
});
