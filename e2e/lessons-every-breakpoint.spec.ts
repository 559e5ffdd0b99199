import type { APIRequestContext, Page } from "@playwright/test";
import type { TraceEvent } from "@/lib/trace/events";
import { expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";
import { POINTS, openPauses, walkLessonThroughApi, type Branch } from "./support/lesson-api-walk";
import { keepScreenshot, readEvents, readLesson, type LessonDetail } from "./support/lesson-walk";

/**
 * Every lesson walked end to end on each breakpoint the debugger offers, and down every branch a
 * person can take where a lesson waits (issue 14, items 3 and 12). The walks go through the API,
 * one request context for all (the UI is not what they test); the tests at the end drive Step,
 * Continue and the approval dialog's Approve, Deny and Edit through the UI.
 */

const TOKEN = process.env.TOOLSCOPE_TOKEN ?? "";
let api: APIRequestContext;
let lessons: LessonDetail[] = [];

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { authorization: `Bearer ${TOKEN}` },
  });
  const listed = (await (await api.get("/api/scenarios?lang=en")).json()) as { scenarios: { id: string }[] };
  lessons = await Promise.all(
    listed.scenarios.map(
      async ({ id }) => (await (await api.get(`/api/scenarios/${id}?lang=en`)).json()) as LessonDetail,
    ),
  );
});
test.afterAll(() => api.dispose());

for (const point of POINTS)
  test(`every lesson, paused at ${point}, stepped and continued to its end`, async () => {
    test.setTimeout(900_000);
    expect(lessons.length).toBeGreaterThanOrEqual(24);
    const paused: string[] = [];
    for (const lesson of lessons) {
      const walk = await walkLessonThroughApi(api, lesson, { point, branch: "approve" });
      if (walk.breaks > 0) paused.push(lesson.id);
    }
    // Every lesson asks the model at least once, and the model's answer streams.
    if (point === "beforeRequest" || point === "onWireEvent" || point === "endOfTurn")
      expect(paused).toEqual(lessons.map((lesson) => lesson.id));
    else expect(paused.length).toBeGreaterThan(0);
  });

test("every lesson that waits for a person, down every branch: approve, deny, edit", async () => {
  test.setTimeout(900_000);
  const waiting: string[] = [];
  for (const lesson of lessons) {
    const first = await walkLessonThroughApi(api, lesson, { point: null, branch: "approve" });
    if (first.decisions.length === 0 && first.manualResults === 0) continue;
    waiting.push(lesson.id);
    for (const branch of ["deny", "edit"] as Branch[]) {
      const walk = await walkLessonThroughApi(api, lesson, { point: null, branch });
      const decisions = walk.events.flatMap((e) => (e.kind === "tool.decision" ? [e.decision] : []));
      expect(decisions.length, `${lesson.id}: ${branch}`).toBeGreaterThan(0);
      expect(new Set(decisions), `${lesson.id}: ${branch}`).toEqual(new Set([branch]));
    }
  }
  expect(waiting).toContain("payment-approval");
});

/** The session's status as the header shows it. */
const status = (page: Page) => page.getByTestId("status");

async function startLessonPage(page: Page, id: string, breakpoint?: string): Promise<string> {
  const created = await page.request.post("/api/sessions", { data: { scenario: id } });
  const sessionId = ((await created.json()) as { id: string }).id;
  await page.goto(`/sessions/${sessionId}`);
  await expect(page.getByTestId("debugger")).toBeVisible();
  if (breakpoint) {
    await page.getByTestId(`breakpoint-${breakpoint}`).check();
    await expect(page.getByTestId(`breakpoint-${breakpoint}`)).toBeChecked();
  }
  expect((await page.request.post(`/api/sessions/${sessionId}/messages`, { data: {} })).status()).toBe(202);
  return sessionId;
}

test("through the UI: three parallel reads paused before execute, every gate reached by Step and Continue", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await openApp(page);
  const lesson = await readLesson(page, "parallel-reads", "en");
  const id = await startLessonPage(page, lesson.id, "beforeExecute");
  const banner = page.getByTestId("paused-banner");
  const stepEnabled = page.locator('[data-testid="control-step"]:enabled');
  // Wait for a gate the controls can resume: the status says paused, Step is enabled and the banner
  // shows. Neither alone will do: Step is also enabled for the moment between the user message and
  // the run's start (a transcript ending with a user message can be started), and after a Continue
  // the banner can still show while the run goes on.
  const gate = async (): Promise<"finished" | "gate" | "wait"> => {
    const now = await status(page).getAttribute("data-status");
    if (now === "finished") return "finished";
    if (now !== "paused") return "wait";
    return (await stepEnabled.isVisible()) && (await banner.isVisible()) ? "gate" : "wait";
  };
  let presses = 0;
  for (;;) {
    await expect.poll(gate, { timeout: RUN_TIMEOUT }).not.toBe("wait");
    if ((await gate()) === "finished") break;
    const action = presses % 2 === 0 ? "step" : "continue";
    if (presses === 1) await keepScreenshot(page, testInfo, "parallel-paused");
    const button = page.getByTestId(`control-${action}`);
    await expect(button).toBeEnabled();
    const before = (await readEvents(page, id)).length;
    await button.click();
    presses++;
    await expect
      .poll(async () => (await readEvents(page, id)).length, { timeout: RUN_TIMEOUT })
      .toBeGreaterThan(before);
    expect(presses, "Step/Continue presses").toBeLessThan(40);
  }
  const events: TraceEvent[] = await readEvents(page, id);
  const executes = events.filter((e) => e.kind === "run.paused" && e.point === "beforeExecute");
  expect(executes.length).toBeGreaterThanOrEqual(3);
  expect(openPauses(events)).toEqual([]);
  expect(events.filter((e) => e.kind === "tool.result")).toHaveLength(3);
});

for (const branch of ["deny", "edit"] as const)
  test(`through the UI: the payment lesson's approval dialog, ${branch}`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await openApp(page);
    const lesson = await readLesson(page, "payment-approval", "en");
    const id = await startLessonPage(page, lesson.id);
    await page.getByTestId("paused-review").click({ timeout: RUN_TIMEOUT });
    const dialog = page.getByTestId("approval-dialog");
    await expect(dialog).toBeVisible();
    if (branch === "deny") {
      await dialog.getByTestId("deny-reason").fill("not today");
      await dialog.getByTestId("deny").click();
    } else {
      await dialog.getByTestId("edit").click();
      await keepScreenshot(page, testInfo, "approval-edit");
      await dialog.getByTestId("send-edit").click();
    }
    await expect(status(page)).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });
    const events = await readEvents(page, id);
    const decisions = events.filter((e) => e.kind === "tool.decision");
    expect(decisions.map((e) => e.decision)).toEqual([branch]);
    const result = events.find((e) => e.kind === "tool.result" && e.callId === decisions[0]!.callId);
    expect(result && result.kind === "tool.result" && result.errorKind).toBe(
      branch === "deny" ? "denied_by_user" : undefined,
    );
  });
