import { expect, test, type Browser, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  findPostgres,
  NO_POSTGRES_MESSAGE,
  startTestPostgres,
  type TestPostgres,
} from "@/lib/store/testing/postgres";
import { callApi, startServerGroup, type ServerGroup } from "./support/server-group";

/**
 * Two Toolscope instances on one Postgres (`TOOLSCOPE_DATABASE_URL`), each `npm start` with its
 * own port, token and data dir, and a browser on each: a session made on one is in the other's
 * list; a run started from the browser on the first fills the transcript on the second live (its
 * events reach the second instance by LISTEN/NOTIFY); a run started on the second shows on the
 * first; a call the first instance runs is approved from the browser on the second (the
 * decision is passed to the instance carrying the run). Debian's Postgres, a throwaway cluster; where none is installed this says so and fails
 * when TOOLSCOPE_REQUIRE_POSTGRES=1 (CI).
 */

const BASE = Number(process.env.E2E_PORT ?? 3100);
const bin = findPostgres();

test("Postgres is there when required", () => {
  expect(!bin && process.env.TOOLSCOPE_REQUIRE_POSTGRES === "1" ? NO_POSTGRES_MESSAGE : "ok").toBe("ok");
});

test.describe("two instances on one Postgres", () => {
  test.skip(!bin, NO_POSTGRES_MESSAGE);
  let cluster: TestPostgres;
  const servers: ServerGroup[] = [];
  const dirs: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    cluster = startTestPostgres(bin!);
    const url = await cluster.createDatabase();
    for (const offset of [8, 9]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-two-"));
      dirs.push(dataDir);
      servers.push(
        await startServerGroup({
          port: BASE + offset,
          dataDir,
          token: `two-instances-token-${offset}-0123456789abcdef`,
          env: { TOOLSCOPE_DATABASE_URL: url },
        }),
      );
    }
  });

  test.afterAll(async () => {
    for (const server of servers) await server.kill("SIGTERM");
    cluster?.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A browser context signed in to `server`, on the session's page. */
  async function openOn(browser: Browser, server: ServerGroup, sessionId: string): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${server.origin}/?token=${server.token}`);
    await page.goto(`${server.origin}/sessions/${sessionId}`);
    await expect(page.getByTestId("status")).toHaveAttribute("data-status", "idle");
    return page;
  }

  async function send(page: Page, text: string) {
    const input = page.getByTestId("message-input");
    await input.fill(text);
    await input.press("Enter");
  }

  test("the same sessions, live in two browsers on two instances", async ({ browser }, testInfo) => {
    test.setTimeout(240_000);
    const [first, second] = servers as [ServerGroup, ServerGroup];
    const title = `Shared ${Date.now()}`;
    const { id } = await callApi<{ id: string }>(first, "POST", "/api/sessions", { body: { title } });
    const list = await callApi<{ sessions: { id: string; title: string }[] }>(second, "GET", "/api/sessions");
    expect(list.sessions.map((s) => s.title)).toContain(title);

    const pageA = await openOn(browser, first, id);
    const pageB = await openOn(browser, second, id);
    await send(pageA, "What is in notes/todo.md?");
    for (const page of [pageA, pageB]) {
      await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
        timeout: 60_000,
      });
      await expect(page.getByTestId("message")).toHaveCount(4);
    }
    await send(pageB, "What is the weather in Paris?");
    for (const page of [pageB, pageA])
      await expect(page.getByTestId("message")).toHaveCount(8, { timeout: 60_000 });
    await expect(pageA.getByTestId("status")).toHaveAttribute("data-status", "finished");

    const logA = await callApi<{ events: { seq: number }[] }>(first, "GET", `/api/sessions/${id}`);
    const logB = await callApi<{ events: { seq: number }[] }>(second, "GET", `/api/sessions/${id}`);
    expect(logB.events).toEqual(logA.events);
    expect(logA.events.map((e) => e.seq)).toEqual(logA.events.map((_, i) => i));
    for (const [name, page] of [
      ["first", pageA],
      ["second", pageB],
    ] as const) {
      const file = testInfo.outputPath(`${name}.png`);
      await page.screenshot({ path: file });
      await testInfo.attach(name, { path: file, contentType: "image/png" });
    }
  });

  test("a call the first instance runs is approved from the browser on the second", async ({ browser }) => {
    test.setTimeout(180_000);
    const [first, second] = servers as [ServerGroup, ServerGroup];
    const tools = [
      {
        name: "approve_payment",
        description: "Approve a payment.",
        input_schema: { type: "object", properties: {} },
        meta: { needsApproval: true },
        mock: { kind: "static", result: "paid" },
      },
    ];
    const { id } = await callApi<{ id: string }>(first, "POST", "/api/sessions", {
      body: { title: `Approve elsewhere ${Date.now()}`, tools },
    });
    const pageB = await openOn(browser, second, id);
    // The run is the first instance's (it holds the lease); the second only shows it.
    await callApi(first, "POST", `/api/sessions/${id}/messages`, {
      body: { text: "Please approve the payment" },
    });
    const approval = pageB.getByTestId("approval-dialog");
    await expect(approval).toBeVisible({ timeout: 60_000 });
    await approval.getByTestId("approve").click();
    await expect(pageB.getByTestId("status")).toHaveAttribute("data-status", "finished", { timeout: 60_000 });
    const log = await callApi<{ events: { kind: string; content?: unknown }[] }>(
      first,
      "GET",
      `/api/sessions/${id}`,
    );
    expect(log.events.find((event) => event.kind === "tool.result")).toMatchObject({ content: "paid" });
  });
});
