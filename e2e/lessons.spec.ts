import type { Page } from "@playwright/test";
import type { TraceEvent } from "@/lib/trace/events";
import { expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";
import { keepScreenshot, readEvents, readLesson, sessionIdOf, walkLesson } from "./support/lesson-walk";

/**
 * Lessons in real Chromium against the built app, at 1280×800: the lessons page, then
 * one lesson walked from start to end with Next in English and another in Chinese. At each step
 * the guide shows the step's text and "Step k of n", the debugger's cursor sits on the step's
 * event (which matches the step) and the step's place is marked; the run stops at the guide's
 * breakpoints instead of racing past, and waits for the person where a call needs approval.
 */

test.use({ viewport: { width: 1280, height: 800 } });

const guide = (page: Page) => page.getByTestId("guide");

/** The breakpoints the run paused at, in order (`run.paused` with reason breakpoint). */
const readPausePoints = (events: readonly TraceEvent[]) =>
  events.flatMap((event) =>
    event.kind === "run.paused" && event.reason === "breakpoint" ? [event.point] : [],
  );

test("the lessons page shows what each lesson teaches; together they cover all 33 concepts; Start opens the debugger with the guide", async ({
  page,
}, testInfo) => {
  await openApp(page);
  await page.getByTestId("lessons-link").click();
  await expect(page).toHaveURL(/\/lessons$/);
  const listed = (await (await page.request.get("/api/scenarios?lang=en")).json()) as {
    scenarios: { id: string; title: string; concepts: string[] }[];
  };
  const cards = page.getByTestId("lesson-card");
  await expect(cards).toHaveCount(listed.scenarios.length);
  await expect(cards.first().getByRole("heading")).toHaveText(listed.scenarios[0]!.title);
  const concepts = await page
    .locator("[data-testid=lesson-card] [data-concept]")
    .evaluateAll((chips) => chips.map((chip) => chip.getAttribute("data-concept")));
  expect(new Set(concepts).size).toBe(33);
  // A chip shows the concept's plain name, with the id on hover.
  await expect(page.locator('[data-concept="id-pairing"]').first()).toHaveText(
    "Calls and results pair by id",
  );
  await keepScreenshot(page, testInfo, "lessons-light");
  await page.emulateMedia({ colorScheme: "dark" });
  await keepScreenshot(page, testInfo, "lessons-dark");
  await page.emulateMedia({ colorScheme: "light" });

  const filter = page.getByTestId("lessons-filter");
  await filter.fill("idempotency");
  await expect(cards).toHaveCount(listed.scenarios.filter((s) => s.concepts.includes("idempotency")).length);
  await filter.fill("");

  // Keyboard only: Tab from the filter reaches the first lesson's Start; Enter starts it.
  await filter.focus();
  await page.keyboard.press("Tab");
  await expect(cards.first().getByTestId("start-lesson")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sessions\/[^/?]+/);
  await expect(guide(page)).toHaveAttribute("data-phase", "intro");
  await expect(page.getByTestId("session-title")).toHaveText(listed.scenarios[0]!.title);
  await expect(page.getByTestId("guide-next")).toHaveText("Start the lesson");
});

test("English: 'Your first tool call' walked with Next from start to end; Back and Alt+arrows move the cursor back", async ({
  page,
}, testInfo) => {
  await openApp(page);
  const lesson = await readLesson(page, "first-tool-call", "en");
  await page.goto("/lessons");
  await page.locator('[data-lesson-id="first-tool-call"]').getByTestId("start-lesson").click();
  await expect(guide(page)).toHaveAttribute("data-phase", "intro");
  await expect(page.getByTestId("guide-progress")).toHaveText(`${lesson.steps.length} steps`);
  await keepScreenshot(page, testInfo, "en-intro");

  const seqs = await walkLesson(page, testInfo, {
    lesson,
    progress: (step, count) => `Step ${step} of ${count}`,
    shots: [3, 7, 8],
    prefix: "en",
  });
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
    timeout: RUN_TIMEOUT,
  });
  await keepScreenshot(page, testInfo, "en-done");

  // The run stopped where the steps point, then the guide took its breakpoints away.
  const events = await readEvents(page, sessionIdOf(page));
  expect(new Set(readPausePoints(events))).toEqual(new Set(["beforeRequest", "endOfTurn", "afterResult"]));
  for (const point of ["beforeRequest", "beforeExecute", "afterResult", "endOfTurn"])
    await expect(page.getByTestId(`breakpoint-${point}`)).not.toBeChecked();

  // Back from the end shows the last step again, with the cursor on its event; Alt+← and Alt+→ too.
  const count = lesson.steps.length;
  await page.getByTestId("guide-back").click();
  await expect(guide(page)).toHaveAttribute("data-step", String(count));
  await expect(page.getByTestId("timeline-cursor")).toHaveAttribute("aria-valuenow", String(seqs[count - 1]));
  await page.keyboard.press("Alt+ArrowLeft");
  await expect(guide(page)).toHaveAttribute("data-step", String(count - 1));
  await expect(page.getByTestId("timeline-cursor")).toHaveAttribute("aria-valuenow", String(seqs[count - 2]));
  await expect(page.getByTestId("guide-text")).toHaveText(lesson.steps[count - 2]!.text);
  await page.keyboard.press("Alt+ArrowRight");
  await expect(guide(page)).toHaveAttribute("data-step", String(count));
  await expect(page).toHaveURL(/\/sessions\//);
});

test.describe("in Chinese (the browser's language)", () => {
  test.use({ locale: "zh-CN" });

  test("'付款要等人批准' walked with Next in Chinese: the guide waits while the charge needs approval, the person approves, the run goes on", async ({
    page,
  }, testInfo) => {
    await openApp(page);
    const lesson = await readLesson(page, "payment-approval", "zh");
    await page.goto("/lessons");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("课程");
    await keepScreenshot(page, testInfo, "zh-lessons");
    await page.locator('[data-lesson-id="payment-approval"]').getByTestId("start-lesson").click();
    await expect(guide(page)).toHaveAttribute("data-phase", "intro");
    await expect(page.getByTestId("guide-text")).toHaveText(lesson.summary);
    await expect(page.getByTestId("guide-next")).toHaveText("开始课程");

    await page.emulateMedia({ colorScheme: "dark" });
    await walkLesson(page, testInfo, {
      lesson,
      progress: (step, count) => `第 ${step} 步，共 ${count} 步`,
      shots: [1, 2, 5],
      prefix: "zh-dark",
    });
    await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
      timeout: RUN_TIMEOUT,
    });
    await keepScreenshot(page, testInfo, "zh-dark-done");
    await page.emulateMedia({ colorScheme: "light" });
    await page.getByTestId("guide-back").click();
    await keepScreenshot(page, testInfo, "zh-light-last-step");

    // The lesson's own message went out in Chinese; the person's approval is in the log.
    const events = await readEvents(page, sessionIdOf(page));
    const messages = events.flatMap((event) => (event.kind === "user.message" ? [event.text] : []));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/[\u4e00-\u9fff]/);
    expect(events.filter((event) => event.kind === "tool.decision").map((event) => event.decision)).toEqual([
      "approve",
    ]);
  });
});
