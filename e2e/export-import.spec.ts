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
  test.setTimeout(120_000);
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
  broken.events = broken.events.slice(0, index + 1);
  delete broken.events[index]!.text;
  const brokenFile = testInfo.outputPath("broken.json");
  fs.writeFileSync(brokenFile, JSON.stringify(broken));
  await page.getByTestId("import-open").click();
  await page.getByTestId("import-file").setInputFiles(brokenFile);
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

test("a fork made mid-run is ready to continue, links to its parent and the compare view, and its graph shows the edit", async ({
  page,
}, testInfo) => {
  await openApp(page);
  const created = await page.request.post("/api/sessions", { data: { title: "Todo" } });
  const { id } = (await created.json()) as { id: string };
  const sent = await page.request.post(`/api/sessions/${id}/messages`, {
    data: { text: "What is in notes/todo.md?" },
  });
  expect(sent.status()).toBe(202);
  let events: { seq: number; kind: string }[] = [];
  await expect
    .poll(
      async () => {
        events = ((await (await page.request.get(`/api/sessions/${id}`)).json()) as { events: typeof events })
          .events;
        return events.some((event) => event.kind === "run.finished");
      },
      { timeout: RUN_TIMEOUT },
    )
    .toBe(true);
  // Mid-run: the result that completes turn 1's batch, before the model's answer.
  const at = events.find((event) => event.kind === "tool.result")!.seq;
  const transcript = await page.request.get(`/api/sessions/${id}/transcript?format=unified&at=${at}`);
  const { body } = (await transcript.json()) as {
    body: { messages: { role: string; content: { type: string; text?: string }[] }[] };
  };
  const messages = structuredClone(body.messages);
  messages[0]!.content = [{ type: "text", text: "What is in notes/ideas.md?" }];
  const forked = await page.request.post(`/api/sessions/${id}/fork`, { data: { at, edits: { messages } } });
  expect(forked.status()).toBe(201);
  const child = ((await forked.json()) as { id: string }).id;

  await page.goto(`/sessions/${child}`);
  await expect(status(page)).toHaveAttribute("data-status", "idle");
  await expect(page.getByTestId("session-title")).toHaveText("Fork of “Todo” at turn 1");
  await expect(page.getByTestId("parent-link")).toHaveAttribute("href", `/sessions/${id}`);
  await expect(page.getByTestId("session-parent").getByTestId("compare-with-parent")).toHaveAttribute(
    "href",
    `/sessions/${child}/compare?with=${id}`,
  );
  const user = page.locator('[data-testid="graph-node"][data-node-id="t1:user"]');
  await expect(user).toContainText("What is in notes/ideas.md?", { timeout: 30_000 });
  await expect(page.getByTestId("message").first()).toContainText("What is in notes/ideas.md?");
  await keepScreenshot(page, testInfo, "fork-child");
});
