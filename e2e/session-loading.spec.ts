import type { Page } from "@playwright/test";
import { firstPageUrl, LOG_PAGE_SIZE } from "@/components/data/load-session";
import type { TraceEvent } from "@/lib/trace/events";
import { growEvents } from "@/lib/trace/testing/grow-log";
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
  const logPath = firstPageUrl(id);

  const html = await (await page.request.get(`/sessions/${id}`)).text();
  const preload = /<link[^>]*rel="preload"[^>]*>/g;
  const links = [...html.matchAll(preload)].map((match) => match[0]);
  // The href as HTML writes it (`&` as `&amp;`).
  const logLink = links.find((link) => link.includes(`href="${logPath.replaceAll("&", "&amp;")}"`));
  expect(logLink, `a <link rel="preload"> for ${logPath} in ${links.join("\n")}`).toBeDefined();
  expect(logLink).toContain('as="fetch"');

  const logRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(`/api/sessions/${id}`) && url.searchParams.has("limit"))
      logRequests.push(url.href);
  });
  await page.goto(`/sessions/${id}`);
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "idle");
  await expect(page.getByTestId("timeline")).toHaveAttribute("data-count", "1");
  // The page's own GET takes the preloaded response: the server is asked once (a short log is one page).
  expect(logRequests).toEqual([new URL(logPath, page.url()).href]);
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

test("a log longer than a page loads page by page, shows how much has come, and opens at its latest turn", async ({
  page,
}) => {
  await openApp(page);
  const id = await createApiSession(page, `Long log ${Date.now()}`);
  expect(
    (
      await page.request.post(`/api/sessions/${id}/messages`, { data: { text: "What is in notes/todo.md?" } })
    ).status(),
  ).toBe(202);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/sessions/${id}`)).json()) as { session: { status: string } })
          .session.status,
      { timeout: RUN_TIMEOUT },
    )
    .toBe("finished");
  const exported = (await (await page.request.get(`/api/sessions/${id}/export`)).json()) as {
    events: TraceEvent[];
  };
  const events = growEvents(exported.events, LOG_PAGE_SIZE * 2 + 500);
  const imported = await page.request.post("/api/import", { data: { ...exported, events } });
  expect(imported.status()).toBe(201);
  const longId = ((await imported.json()) as { id: string }).id;
  const { lastSeq } = (await (await page.request.get(`/api/sessions/${longId}/events?limit=1`)).json()) as {
    lastSeq: number;
  };

  // The second events page is held until the progress bar has shown the first two.
  const logRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(`/api/sessions/${longId}`) && url.searchParams.has("limit"))
      logRequests.push(`${url.pathname}${url.search}`);
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/sessions/${longId}/events?after=${LOG_PAGE_SIZE * 2 - 1}*`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/sessions/${longId}`);
  const progress = page.getByTestId("log-progress");
  await expect(progress).toHaveAttribute("value", String(LOG_PAGE_SIZE * 2));
  await expect(page.getByTestId("loading")).toContainText(`${(LOG_PAGE_SIZE * 2).toLocaleString("en")} of`);
  release();
  const timeline = page.getByTestId("timeline");
  await expect(timeline).toHaveAttribute("data-count", String(lastSeq + 1), { timeout: 30_000 });
  await expect(progress).toHaveCount(0);
  expect(logRequests).toEqual([
    `/api/sessions/${longId}?limit=${LOG_PAGE_SIZE}&bodies=shared`,
    `/api/sessions/${longId}/events?after=${LOG_PAGE_SIZE - 1}&limit=${LOG_PAGE_SIZE}&bodies=shared&through=${LOG_PAGE_SIZE * 2 - 1}`,
    `/api/sessions/${longId}/events?after=${LOG_PAGE_SIZE * 2 - 1}&limit=${LOG_PAGE_SIZE}&bodies=shared&through=${lastSeq}`,
  ]);
  // The transcript shows the log's last message: the cursor is at the end.
  const last = page.getByTestId("message").last();
  await expect(last).toBeVisible();
});
