import type { Page, TestInfo } from "@playwright/test";
import type { TraceEvent } from "@/lib/trace/events";
import { matchesStep, type LessonStepView } from "@/lib/trace/lesson-steps";
import { expect, RUN_TIMEOUT } from "./fixtures";

/** A lesson as `GET /api/scenarios/:id?lang=` serves it. */
export interface LessonDetail {
  id: string;
  title: string;
  summary: string;
  concepts: string[];
  messages: number;
  steps: LessonStepView[];
}

/** Saves a screenshot in the test's output folder (test-results) and attaches it to the report. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

export async function readLesson(page: Page, id: string, lang: "en" | "zh"): Promise<LessonDetail> {
  const response = await page.request.get(`/api/scenarios/${id}?lang=${lang}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as LessonDetail;
}

export async function readEvents(page: Page, sessionId: string): Promise<TraceEvent[]> {
  const response = await page.request.get(`/api/sessions/${sessionId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { events: TraceEvent[] }).events;
}

export const sessionIdOf = (page: Page) =>
  decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);

const guide = (page: Page) => page.getByTestId("guide");

/** Closes an approval dialog with "Decide later" (the run keeps waiting), so the guide can be used. */
async function dismissDialog(page: Page) {
  const dialog = page.locator("dialog[open]");
  if ((await dialog.count()) > 0) await dialog.getByTestId("dismiss-dialog").click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Presses Next and waits until step `number` is on screen — its event in the log and the cursor
 * on it. When the guide says the run waits for a decision, opens the call's dialog from the
 * guide and approves, as a person would.
 */
async function goToStep(page: Page, number: number) {
  await dismissDialog(page);
  await page.getByTestId("guide-next").click();
  const shown = page.locator(`[data-testid="guide"][data-step="${number}"][data-step-seq]`);
  const waiting = page.locator('[data-testid="guide-wait"][data-wait="approval"]');
  await expect(shown.or(waiting)).toBeVisible({ timeout: RUN_TIMEOUT });
  if (await waiting.isVisible()) {
    await expect(page.getByTestId("guide-next")).toBeDisabled();
    await page.getByTestId("guide-review").click();
    await page.getByTestId("approval-dialog").getByTestId("approve").click();
  }
  await expect(shown).toBeVisible({ timeout: RUN_TIMEOUT });
}

/**
 * The step on screen is `step`: its text, "Step k of n", the timeline's cursor on the step's
 * event (which is in the log and matches the step), and the step's place marked.
 */
export async function expectStepShown(
  page: Page,
  options: { step: LessonStepView; number: number; progress: string; sessionId: string },
) {
  const { step, number, progress, sessionId } = options;
  await expect(guide(page)).toHaveAttribute("data-step", String(number));
  await expect(page.getByTestId("guide-text")).toHaveText(step.text);
  await expect(page.getByTestId("guide-progress")).toHaveText(progress);
  const seq = Number(await guide(page).getAttribute("data-step-seq"));
  await expect(page.getByTestId("timeline-cursor")).toHaveAttribute("aria-valuenow", String(seq));
  const event = (await readEvents(page, sessionId)).find((candidate) => candidate.seq === seq);
  expect(event && matchesStep(event, step.match), `event ${seq} is the step's ${step.match.kind}`).toBe(true);

  const [type, name] = [
    step.target.slice(0, step.target.indexOf(":")),
    step.target.slice(step.target.indexOf(":") + 1),
  ];
  if (type === "node") {
    const marked = await readMarkedNodes(page);
    expect(marked.length, "the step marks a graph node").toBeGreaterThan(0);
    const node = page.locator(`.graph-node[data-node-id="${marked[0]}"]`);
    await expect(node).toHaveAttribute("data-stage", name);
    await expect(node).toBeInViewport();
    await expect(node).toHaveCSS("outline-width", "3px");
  }
  if (step.match.kind === "wire.event")
    await expect(page.locator(`.stream-row[data-seq="${seq}"]`)).toHaveCSS("outline-width", "3px");
  return seq;
}

/** The graph node ids the guide's marks point at. */
async function readMarkedNodes(page: Page): Promise<string[]> {
  const css = (await page.getByTestId("guide-marks").textContent()) ?? "";
  return [...css.matchAll(/\.graph-node\[data-node-id="([^"]+)"\]/g)].map((match) => match[1]!);
}

/**
 * Walks a lesson from its introduction to its end with Next, checking each step as it comes and
 * keeping a screenshot of the steps named in `shots` (1-based). Returns each step's event seq.
 */
export async function walkLesson(
  page: Page,
  testInfo: TestInfo,
  options: {
    lesson: LessonDetail;
    progress: (step: number, count: number) => string;
    shots: readonly number[];
    prefix: string;
  },
): Promise<number[]> {
  const { lesson, progress, shots, prefix } = options;
  const sessionId = sessionIdOf(page);
  const seqs: number[] = [];
  for (const [index, step] of lesson.steps.entries()) {
    const number = index + 1;
    await goToStep(page, number);
    seqs.push(
      await expectStepShown(page, {
        step,
        number,
        progress: progress(number, lesson.steps.length),
        sessionId,
      }),
    );
    if (shots.includes(number)) await keepScreenshot(page, testInfo, `${prefix}-step-${number}`);
  }
  await dismissDialog(page);
  await page.getByTestId("guide-next").click();
  await expect(guide(page)).toHaveAttribute("data-phase", "done");
  return seqs;
}
