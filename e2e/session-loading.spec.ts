import type { Page } from "@playwright/test";
import { expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * How the session page loads and follows its cursor, in real Chromium against the built app:
 * the log (the page's one big download) starts with the document, beside the scripts, and is
 * fetched once; moving the timeline cursor writes `?seq=` in place, without the server rendering
 * the page again.
 */

async function createApiSession(page: Page, title: string): Promise<string> {
  const response = await page.request.post("/api/sessions", { data: { title } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test("the session's log is preloaded with the document and fetched once", async ({ page }) => {
  await openApp(page);
  const id = await createApiSession(page, `Preload ${Date.now()}`);
  const logPath = `/api/sessions/${id}`;

  const html = await (await page.request.get(`/sessions/${id}`)).text();
  const preload = /<link[^>]*rel="preload"[^>]*>/g;
  const links = [...html.matchAll(preload)].map((match) => match[0]);
  const logLink = links.find((link) => link.includes(`href="${logPath}"`));
  expect(logLink, `a <link rel="preload"> for ${logPath} in ${links.join("\n")}`).toBeDefined();
  expect(logLink).toContain('as="fetch"');

  const logRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === logPath) logRequests.push(request.url());
  });
  await page.goto(`/sessions/${id}`);
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "idle");
  await expect(page.getByTestId("timeline")).toHaveAttribute("data-count", "1");
  // The page's own GET takes the preloaded response: the server is asked once.
  expect(logRequests).toHaveLength(1);
});

test("moving the timeline cursor writes ?seq= in place, without the server rendering the page again", async ({
  page,
}) => {
  await openApp(page);
  const id = await createApiSession(page, `Cursor URL ${Date.now()}`);
  await page.goto(`/sessions/${id}`);
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "idle");
  const input = page.getByTestId("message-input");
  await input.fill("What is in notes/todo.md?");
  await input.press("Enter");
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
    timeout: RUN_TIMEOUT,
  });

  // A request for the page's server components (Next.js's `RSC: 1` fetch) would be a server
  // render of the whole page for a change only the browser needs.
  const pageRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (
      url.pathname.startsWith(`/sessions/${id}`) &&
      (request.headers()["rsc"] || url.searchParams.has("_rsc"))
    )
      pageRequests.push(request.url());
  });
  const cursor = page.getByTestId("timeline-cursor");
  const last = Number(await cursor.getAttribute("aria-valuenow"));
  await cursor.focus();
  await cursor.press("ArrowLeft");
  await expect(cursor).toHaveAttribute("aria-valuenow", String(last - 1));
  await expect(page).toHaveURL(new RegExp(`/sessions/${id}\\?seq=${last - 1}$`));
  await cursor.press("Home");
  await expect(page).toHaveURL(new RegExp(`/sessions/${id}\\?seq=0$`));
  await expect(page.getByTestId("past-notice")).toBeVisible();
  await page.getByTestId("timeline-live").click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${id}$`));
  await expect(cursor).toHaveAttribute("aria-valuenow", String(last));
  expect(pageRequests).toEqual([]);

  // The address is the real one: a reload opens the moment it names.
  await cursor.press("ArrowLeft");
  await expect(page).toHaveURL(new RegExp(`\\?seq=${last - 1}$`));
  await page.reload();
  await expect(page.getByTestId("timeline-cursor")).toHaveAttribute("aria-valuenow", String(last - 1));
  await expect(page.getByTestId("past-notice")).toBeVisible();
});
