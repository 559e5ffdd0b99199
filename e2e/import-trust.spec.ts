import http from "node:http";
import type { Page } from "@playwright/test";
import { expect, openApp, test } from "./support/fixtures";
import { keepScreenshot, readEvents } from "./support/lesson-walk";

/**
 * An imported base URL is held (docs/architecture.md, "Security"): the session page says which
 * and why, no run sends anything there (409), and "Trust this base URL" — reached with the
 * keyboard — releases it, after which a run reaches it. A real HTTP server on E2E_PORT + 1 stands
 * for the file author's host and records every request that arrives.
 */

const HOST_PORT = Number(process.env.E2E_PORT ?? 3100) + 1;
const HOST_URL = `http://127.0.0.1:${HOST_PORT}`;

let host: http.Server;
const arrived: string[] = [];
test.beforeAll(async () => {
  host = http.createServer((request, response) => {
    arrived.push(request.url ?? "");
    request.resume();
    response.writeHead(400, { "content-type": "application/json" });
    response.end(JSON.stringify({ type: "error", error: { type: "invalid_request_error", message: "no" } }));
  });
  await new Promise<void>((resolve) => host.listen(HOST_PORT, "127.0.0.1", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

/** An export of a fresh session, its provider pointed at the recording host, imported again. */
async function importHeldSession(page: Page): Promise<string> {
  const created = await page.request.post("/api/sessions", { data: { title: "to be exported" } });
  const { id } = (await created.json()) as { id: string };
  const file = (await (await page.request.get(`/api/sessions/${id}/export`)).json()) as {
    session: { provider: unknown; title: string };
    events: { config?: { provider: unknown } }[];
  };
  const provider = { kind: "anthropic", baseURL: HOST_URL };
  file.session.provider = provider;
  file.session.title = "Imported with a base URL";
  file.events[0]!.config!.provider = provider;
  const imported = await page.request.post("/api/import", { data: file });
  expect(imported.status()).toBe(201);
  return ((await imported.json()) as { id: string }).id;
}

test("an imported base URL is held: the banner names it, no run goes there, Trust (by keyboard) releases it", async ({
  page,
}, testInfo) => {
  await openApp(page);
  const id = await importHeldSession(page);
  const refused = await page.request.post(`/api/sessions/${id}/messages`, { data: { text: "hello" } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toContain("must be trusted first");
  expect(arrived).toEqual([]);

  await page.goto(`/sessions/${id}`);
  const banner = page.getByTestId("held-provider");
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute("data-base-url", HOST_URL);
  await expect(banner.getByRole("heading")).toContainText(HOST_URL);
  await expect(banner).toContainText("came with an imported file");
  await expect(page.getByTestId("held-provider-default")).toHaveText("Use the provider's default URL");
  await keepScreenshot(page, testInfo, "held-banner");

  // Keyboard only: the trust button takes focus and Enter presses it.
  const trust = page.getByTestId("held-provider-trust");
  await expect(trust).toHaveText("Trust this base URL");
  await trust.focus();
  await expect(trust).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(banner).toHaveCount(0);
  const events = await readEvents(page, id);
  expect(events.filter((e) => e.kind === "provider.trust").map((e) => "trusted" in e && e.trusted)).toEqual([
    false,
    true,
  ]);

  // Trusted: a reload keeps it so, and a run now reaches the host.
  await page.reload();
  await expect(page.getByTestId("debugger")).toBeVisible();
  await expect(banner).toHaveCount(0);
  const sent = await page.request.post(`/api/sessions/${id}/messages`, { data: { text: "hello" } });
  expect(sent.status()).toBe(202);
  await expect.poll(() => arrived.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(arrived[0]).toBe("/v1/messages");
});

test.describe("in Chinese", () => {
  test.use({ locale: "zh-CN" });
  test("the banner and its buttons speak Chinese", async ({ page }, testInfo) => {
    await openApp(page);
    const id = await importHeldSession(page);
    await page.goto(`/sessions/${id}`);
    await expect(page.getByTestId("held-provider-trust")).toHaveText("信任此基础 URL");
    await expect(page.getByTestId("held-provider-default")).toHaveText("使用提供方的默认 URL");
    await keepScreenshot(page, testInfo, "held-banner-zh");
  });
});
