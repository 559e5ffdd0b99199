import { expect, openApp, test } from "../fixtures";

/**
 * Canaries for the shared fixture (run only by e2e/security-browser.spec.ts): the control must
 * pass and each of the others must fail in the fixture's teardown, naming what it injected.
 */

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId("app-header")).toBeVisible();
});

test("control: a clean page passes", async ({ page }) => {
  await page.waitForLoadState("networkidle");
});

test("an injected inline event handler", async ({ page, pageProblems }) => {
  // The way injected markup runs script: an `on…` attribute, which no nonce can cover.
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.setAttribute("onerror", "window.canary = 1");
    image.src = "data:,";
    document.body.append(image);
  });
  await expect.poll(() => pageProblems.some((problem) => problem.startsWith("violation:"))).toBe(true);
});

test("an image from another origin", async ({ page, pageProblems }) => {
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.src = "http://evil.example/canary.png";
    document.body.append(image);
  });
  await expect.poll(() => pageProblems.some((problem) => problem.startsWith("violation:"))).toBe(true);
});

test("an uncaught page error", async ({ page, pageProblems }) => {
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("canary page error");
    });
  });
  await expect.poll(() => pageProblems.some((problem) => problem.startsWith("pageerror:"))).toBe(true);
});
