import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { createSession, expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/** A port from this spec's range (E2E_PORT + 1 … + 19) where nothing listens. */
const CLOSED_PORT = Number(process.env.E2E_PORT ?? 3100) + 19;

/**
 * Export and Import on the session page and the sessions list, an import's error naming its
 * JSON Pointer, and a failed run saying why and what to check, where the status is.
 */

test.use({ viewport: { width: 1440, height: 900 } });

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

const status = (page: Page) => page.getByTestId("status");

test("Export downloads the session as .json; Import reads it back into a new session", async ({
  page,
}, testInfo) => {
  await openApp(page);
  await createSession(page, `Export ${Date.now()}`);
  const input = page.getByTestId("message-input");
  await input.fill("What is in notes/todo.md?");
  await input.press("Enter");
  await expect(status(page)).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("export-session").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^toolscope-Export-\d+\.json$/);
  const file = testInfo.outputPath("export.json");
  await download.saveAs(file);
  const exported = JSON.parse(fs.readFileSync(file, "utf8")) as {
    format: string;
    events: { kind: string }[];
  };
  expect(exported.format).toBe("toolscope-export");
  expect(exported.events.some((event) => event.kind === "tool.result")).toBe(true);

  // Import, beside Export on the session page: the file picker, then open the new session.
  await page.getByTestId("import-open").click();
  await page.getByTestId("import-file").setInputFiles(file);
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("import-result")).toBeVisible();
  await keepScreenshot(page, testInfo, "import-done");
  const before = page.url();
  await page.getByTestId("import-open-session").click();
  await expect(page).not.toHaveURL(before);
  await expect(page.getByTestId("message")).toHaveCount(4);

  // The list has Export on every row.
  await page.goto("/");
  const row = page.getByTestId("session-row").first();
  await expect(row.getByTestId("export-session")).toHaveAttribute("href", /\/api\/sessions\/[^/]+\/export$/);
  const [fromList] = await Promise.all([
    page.waitForEvent("download"),
    row.getByTestId("export-session").click(),
  ]);
  expect(fromList.suggestedFilename()).toMatch(/\.json$/);

  // A broken export: the error names the field it lacks as a JSON Pointer.
  const broken = structuredClone(exported) as { events: Record<string, unknown>[] };
  const index = broken.events.findIndex((event) => event.kind === "user.message");
  delete broken.events[index]!.text;
  await page.getByTestId("import-open").click();
  await page.getByTestId("import-text").fill(JSON.stringify(broken));
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("import-error-path")).toContainText(`/events/${index}/text`);
  await keepScreenshot(page, testInfo, "import-error-path");
});

test("a failed run shows the reason and what to check beside its status", async ({ page }, testInfo) => {
  await openApp(page);
  // An OpenAI-compatible server on 127.0.0.1 needs no key; nothing listens on this port.
  const baseURL = `http://127.0.0.1:${CLOSED_PORT}/v1`;
  const created = await page.request.post("/api/sessions", {
    data: { title: "Unreachable", provider: { kind: "openai-chat", model: "local", baseURL } },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/sessions/${id}`);
  const input = page.getByTestId("message-input");
  await input.fill("hello");
  await input.press("Enter");
  await expect(status(page)).toHaveAttribute("data-status", "failed", { timeout: 60_000 });
  const failure = page.getByTestId("run-failure");
  await expect(failure).toBeVisible();
  await expect(page.getByTestId("run-failure-reason")).toContainText(
    /ECONNREFUSED|Connection error|fetch failed/i,
  );
  await expect(failure.locator("li").first()).toHaveAttribute("data-advice", "network");
  await expect(failure.locator('li[data-advice="baseUrl"]')).toBeVisible();
  await keepScreenshot(page, testInfo, "run-failed-why");
});
