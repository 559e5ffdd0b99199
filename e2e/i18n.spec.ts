import type { Page } from "@playwright/test";
import { expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";
import { keepScreenshot, readLesson, sessionIdOf, type LessonDetail } from "./support/lesson-walk";
import { collectUiTexts, createTextChecker, listStrings, type UiText } from "./support/ui-text";

/**
 * The whole UI in two languages: the browser's language is the default, the
 * switch's choice wins and is remembered; and in Chinese, a walk of the DOM of every main page
 * finds no visible text that is not in the Chinese catalog (e2e/support/ui-text.ts says exactly
 * what counts as data rather than UI text, and why).
 */

test.use({ viewport: { width: 1280, height: 800 } });

const htmlLang = (page: Page) => page.locator("html");

test.describe("with a Chinese browser", () => {
  test.use({ locale: "zh-CN" });

  test("the UI starts in Chinese without a cookie; choosing English is remembered across reloads and pages", async ({
    page,
    context,
  }) => {
    await openApp(page);
    await expect(htmlLang(page)).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByTestId("lessons-link")).toHaveText("课程");
    await page.getByRole("group", { name: "语言" }).getByRole("button", { name: "English" }).click();
    await expect(htmlLang(page)).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("lessons-link")).toHaveText("Lessons");
    expect((await context.cookies()).find((cookie) => cookie.name === "toolscope_locale")?.value).toBe("en");
    await page.reload();
    await expect(htmlLang(page)).toHaveAttribute("lang", "en");
    await page.goto("/lessons");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lessons");
    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "中文" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("课程");
  });
});

test("an English browser without a cookie gets English", async ({ page }) => {
  await openApp(page);
  await expect(htmlLang(page)).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("lessons-link")).toHaveText("Lessons");
});

test.describe("in Chinese, every main page", () => {
  test.use({ locale: "zh-CN" });

  test("shows no visible text outside the Chinese catalog: /, /lessons, /settings, a debugger after a run, and a lesson's guide", async ({
    page,
  }, testInfo) => {
    await openApp(page);
    const data: string[] = [];
    const names = new Set<string>();
    const problems: string[] = [];

    // Data the pages show: every session's log (messages, tools, results, files), titles, lesson texts.
    const readSessionData = async (id: string) => {
      const detail = (await (await page.request.get(`/api/sessions/${id}`)).json()) as {
        session: { title: string; tools: { name: string }[] };
        events: unknown[];
      };
      listStrings(detail, data);
      for (const tool of detail.session.tools) names.add(tool.name);
    };
    const listed = (await (await page.request.get("/api/scenarios?lang=zh")).json()) as {
      scenarios: unknown[];
    };
    listStrings(listed, data);
    const lesson: LessonDetail = await readLesson(page, "sandbox-passwd", "zh");
    listStrings(lesson, data);

    // A plain session with a finished run, and a lesson two steps in.
    const created = await page.request.post("/api/sessions", { data: { title: "会话 i18n" } });
    const { id: sessionId } = (await created.json()) as { id: string };
    await page.goto(`/sessions/${sessionId}`);
    await page.getByTestId("message-input").fill("notes/todo.md 里写了什么？");
    await page.getByTestId("message-input").press("Enter");
    await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
      timeout: RUN_TIMEOUT,
    });

    await page.goto("/lessons");
    await page.locator('[data-lesson-id="sandbox-passwd"]').getByTestId("start-lesson").click();
    await expect(page.getByTestId("guide")).toHaveAttribute("data-phase", "intro");
    const lessonSessionId = sessionIdOf(page);
    for (const step of [1, 2]) {
      await page.getByTestId("guide-next").click();
      await expect(page.locator(`[data-testid="guide"][data-step="${step}"][data-step-seq]`)).toBeVisible({
        timeout: RUN_TIMEOUT,
      });
    }
    await readSessionData(sessionId);
    await readSessionData(lessonSessionId);
    const sessions = (await (await page.request.get("/api/sessions")).json()) as unknown;
    listStrings(sessions, data);
    const explain = createTextChecker("zh", data, [...names]);

    const check = async (name: string, open: () => Promise<void>) => {
      await open();
      await keepScreenshot(page, testInfo, `zh-${name}`);
      const texts: UiText[] = await collectUiTexts(page);
      expect(texts.length, `${name} shows text`).toBeGreaterThan(5);
      for (const { text, where } of texts) {
        const why = explain(text);
        if (why) problems.push(`${name}: "${text}" (${where}): ${why}`);
      }
    };
    await check("sessions", async () => {
      await page.goto("/");
      await expect(page.getByTestId("session-row").first()).toBeVisible();
    });
    await check("lessons", async () => {
      await page.goto("/lessons");
      await expect(page.getByTestId("lesson-card").first()).toBeVisible();
    });
    await check("settings", async () => {
      await page.goto("/settings");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("loading")).toHaveCount(0);
    });
    await check("debugger", () => openDebugger(page, sessionId));
    await check("debugger-node", async () => {
      await page.getByTestId("graph-node").first().click();
      await expect(page.getByTestId("detail-pane")).toHaveAttribute("data-mode", "node");
      await expect(page.getByTestId("node-detail")).toBeVisible();
    });
    await check("debugger-event", async () => {
      await page.getByTestId("detail-mode-event").click();
      await expect(page.getByTestId("detail-pane")).toHaveAttribute("data-mode", "event");
    });
    await check("guide", async () => {
      await openDebugger(page, lessonSessionId);
      await expect(page.getByTestId("guide")).toHaveAttribute("data-step", "2");
    });
    await page.emulateMedia({ colorScheme: "dark" });
    await keepScreenshot(page, testInfo, "zh-guide-dark");
    expect(problems).toEqual([]);

    // The walk does see what it should refuse: English planted in the page is reported.
    await page.evaluate(() => {
      const planted = document.createElement("p");
      planted.textContent = "Loading lessons";
      document.querySelector("[data-testid=guide]")!.append(planted);
    });
    const planted = (await collectUiTexts(page)).find((found) => found.text === "Loading lessons");
    expect(planted && explain(planted.text)).toBe("untranslated words: Loading, lessons");
  });
});

async function openDebugger(page: Page, id: string) {
  await page.goto(`/sessions/${id}`);
  await expect(page.getByTestId("debugger")).toBeVisible();
  await expect(page.getByTestId("graph-node").first()).toBeVisible();
}
