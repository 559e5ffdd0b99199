import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Response } from "@playwright/test";
import { fillRoute, listPages } from "../lib/server/testing/route-table";
import { expect, openApp, test } from "./support/fixtures";
import { createFinishedSession, PORT, TOKEN } from "./support/security-setup";

/**
 * In real Chromium, under the shared fixture that fails a test on any CSP violation or page
 * error: every page (from the file system) opens and hydrates with zero violations, and no
 * response the browser receives carries the token, except the one cookie that the `?token=` link
 * sets. A nested Playwright run proves the fixture really fails a test on a violation.
 */

/** Every response's headers and body, to search for the token after the page settled. */
async function recordResponses(responses: Response[]): Promise<{ url: string; text: string }[]> {
  return Promise.all(
    responses.map(async (response) => {
      let body = "";
      try {
        body = (await response.body()).toString("latin1");
      } catch {
        body = ""; // a redirect or an event stream has no body to read here
      }
      return { url: response.url(), text: `${JSON.stringify(await response.allHeaders())}\n${body}` };
    }),
  );
}

test("every page opens and hydrates with no CSP violation, and the browser never receives the token but as its cookie", async ({
  page,
}) => {
  const session = await createFinishedSession("Browser pages");
  const responses: Response[] = [];
  page.on("response", (response) => void responses.push(response));
  await openApp(page);
  const paths = [...listPages().map((p) => fillRoute(p.pattern, session)), "/no-such-page"];
  for (const pagePath of paths) {
    await page.goto(pagePath);
    await expect(page.getByTestId("app-header")).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  expect(await page.evaluate(() => document.cookie)).not.toContain(TOKEN);
  const exchange = responses.find((response) => response.status() === 303);
  const setCookie = (await exchange?.allHeaders())?.["set-cookie"] ?? "";
  expect(setCookie).toMatch(
    /^toolscope_\d+=\d+\.[A-Za-z0-9_-]{43}; Path=\/; Expires=[^;]+; Max-Age=2592000; HttpOnly; SameSite=strict$/,
  );
  expect(setCookie).not.toContain(TOKEN);
  const recorded = await recordResponses(responses.filter((response) => response !== exchange));
  expect(recorded.length).toBeGreaterThan(paths.length);
  expect(recorded.filter(({ text }) => text.includes(TOKEN)).map(({ url }) => url)).toEqual([]);
});

test("the CSP fixture fails a test on a violation or a page error (a nested run of canary tests)", async () => {
  test.setTimeout(120_000);
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-canary-")), "report.json");
  const run = spawnSync(
    path.join("node_modules", ".bin", "playwright"),
    ["test", "--config", path.join("e2e", "support", "csp-canary", "canary.config.ts")],
    {
      env: { ...process.env, CANARY_BASE_URL: `http://127.0.0.1:${PORT}`, CANARY_REPORT: report },
      encoding: "utf8",
    },
  );
  expect(run.status, run.stdout + run.stderr).toBe(1);
  const results = readCanaryResults(report);
  expect(results.map(({ title, status }) => [title, status])).toEqual([
    ["control: a clean page passes", "passed"],
    ["an injected inline event handler", "failed"],
    ["an image from another origin", "failed"],
    ["an uncaught page error", "failed"],
  ]);
  const [, inline, image, pageError] = results;
  expect(inline?.error).toContain("CSP violations and page errors");
  expect(inline?.error).toMatch(/violation: script-src-attr blocked inline/);
  expect(image?.error).toMatch(/violation: img-src blocked http:\/\/evil\.example\/canary\.png/);
  expect(pageError?.error).toMatch(/pageerror: canary page error/);
});

interface CanaryResult {
  title: string;
  status: string;
  error: string;
}

/** The canary run's tests in file order, from Playwright's JSON report. */
function readCanaryResults(file: string): CanaryResult[] {
  interface JsonSpec {
    title: string;
    tests: { results: { status: string; errors?: { message?: string }[] }[] }[];
  }
  interface JsonSuite {
    specs?: JsonSpec[];
    suites?: JsonSuite[];
  }
  const collect = (suite: JsonSuite): JsonSpec[] => [
    ...(suite.specs ?? []),
    ...(suite.suites ?? []).flatMap(collect),
  ];
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as { suites: JsonSuite[] };
  return report.suites.flatMap(collect).map((spec) => {
    const result = spec.tests[0]?.results[0];
    return {
      title: spec.title,
      status: result?.status ?? "missing",
      error: (result?.errors ?? []).map((error) => error.message ?? "").join("\n"),
    };
  });
}
