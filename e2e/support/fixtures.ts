import { test as base, expect, type Page } from "@playwright/test";

/** Shared e2e helpers: a test that fails on any CSP violation or page error, and app steps. */

export const RUN_TIMEOUT = 30_000;

/** Every test fails if the page reports a CSP violation, a hydration mismatch or an uncaught error. */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (/Content Security Policy|Hydration failed|hydrat.*mismatch/i.test(text))
          problems.push(`console: ${text}`);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await page.exposeFunction("__reportCspViolation", (report: string) =>
        problems.push(`violation: ${report}`),
      );
      await page.addInitScript(() => {
        document.addEventListener(
          "securitypolicyviolation",
          (event) => {
            const report = `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`;
            (window as unknown as { __reportCspViolation: (r: string) => void }).__reportCspViolation(report);
          },
          true,
        );
      });
      await use(problems);
      expect(problems, "CSP violations and page errors").toEqual([]);
    },
    { auto: true },
  ],
});

/** Opens the app with the launch token; the server swaps it for a cookie and redirects. */
export async function openApp(page: Page) {
  const token = process.env.TOOLSCOPE_TOKEN;
  if (!token) throw new Error("TOOLSCOPE_TOKEN must be set (playwright.config.ts sets it).");
  await page.goto(`/?token=${encodeURIComponent(token)}`);
  await expect(page).not.toHaveURL(/token=/);
}

export async function createSession(page: Page, title: string) {
  await page.getByLabel("Title (optional)").fill(title);
  await page.getByTestId("new-session").click();
  await expect(page).toHaveURL(/\/sessions\/[^/?]+$/);
  await expect(page.getByTestId("session-title")).toHaveText(title);
}

/** The transcript as plain data, to compare before and after a reload. */
export function readTranscript(page: Page) {
  return page.getByTestId("message").evaluateAll((messages) =>
    messages.map((message) => ({
      role: message.getAttribute("data-role"),
      blocks: [...message.querySelectorAll('[data-testid="block"]')].map((block) => ({
        type: block.getAttribute("data-type"),
        toolUseId: block.getAttribute("data-tool-use-id"),
        text: block.textContent,
      })),
    })),
  );
}

export { expect };
