import type { Page, TestInfo } from "@playwright/test";
import { expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * The flow graph at a glance: turns stacked top to bottom, each call a lane of nine aligned
 * stages; the page opens on the last turn with calls at a readable zoom, the bar and the minimap
 * sit beside the canvas, and a long run hands the canvas only the turns near the view. Each case
 * keeps a screenshot at 1440×900 and 1920×1080.
 */

interface LogEvent {
  kind: string;
  turn?: number;
  callIds?: string[];
}

async function readEvents(page: Page, id: string): Promise<LogEvent[]> {
  const response = await page.request.get(`/api/sessions/${encodeURIComponent(id)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { events: LogEvent[] }).events;
}

const ENDS = new Set(["run.finished", "run.failed", "run.interrupted"]);

/** Creates a session through the API and runs each message (`{}`: the lesson's next) to its end. */
async function runSession(page: Page, body: Record<string, unknown>, messages: Record<string, unknown>[]) {
  const created = await page.request.post("/api/sessions", { data: body });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  for (const [index, message] of messages.entries()) {
    const sent = await page.request.post(`/api/sessions/${encodeURIComponent(id)}/messages`, {
      data: message,
    });
    expect(sent.status()).toBe(202);
    await expect
      .poll(async () => (await readEvents(page, id)).filter((event) => ENDS.has(event.kind)).length, {
        timeout: RUN_TIMEOUT,
      })
      .toBe(index + 1);
  }
  return id;
}

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Opens the session and checks what every first view must hold: a readable zoom, nothing covered or clipped. */
async function openGraph(page: Page, id: string, focusTurn: number) {
  await page.goto(`/sessions/${encodeURIComponent(id)}`);
  const canvas = page.getByTestId("graph-canvas");
  // The machine is shared: the graph draws a step after the transcript, later under load.
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  const band = page.locator(`[data-testid="graph-turn"][data-turn="${focusTurn}"]`);
  await expect(band).toBeVisible({ timeout: 15_000 });
  // Labels are 12 px: at the opening zoom they are at least 11 px.
  await expect
    .poll(async () => Number(await canvas.getAttribute("data-zoom")))
    .toBeGreaterThanOrEqual(11 / 12);
  const canvasBox = (await canvas.boundingBox())!;
  const bandBox = (await band.boundingBox())!;
  // The focus turn's band starts inside the canvas (its top-left corner is on screen).
  expect(bandBox.y).toBeGreaterThanOrEqual(canvasBox.y - 1);
  expect(bandBox.y).toBeLessThan(canvasBox.y + canvasBox.height);
  expect(bandBox.x).toBeGreaterThanOrEqual(canvasBox.x - 1);
  // The bar (zoom buttons, legend) and the minimap are beside the canvas, never over it, and not clipped.
  const graph = (await page.getByTestId("flow-graph").boundingBox())!;
  for (const testId of ["graph-toolbar", "graph-legend", "graph-minimap"]) {
    const box = (await page.getByTestId(testId).boundingBox())!;
    expect(overlaps(box, canvasBox), testId).toBe(false);
    expect(box.y + box.height, testId).toBeLessThanOrEqual(graph.y + graph.height + 1);
    expect(box.x + box.width, testId).toBeLessThanOrEqual(graph.x + graph.width + 1);
  }
  return { canvasBox };
}

/** The stage nodes of one stage, in lane order, with their boxes. */
async function stageBoxes(page: Page, turn: number, stage: string) {
  const nodes = page.locator(`[data-testid="graph-node"][data-stage="${stage}"][data-node-id^="t${turn}:"]`);
  const boxes: Box[] = [];
  for (const node of await nodes.all()) boxes.push((await node.boundingBox())!);
  return boxes;
}

// Sessions are made and drawn on a shared, loaded machine: give each case room.
test.describe.configure({ timeout: 150_000 });

for (const size of [
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
]) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test("a one-call run opens on the call's turn, its lane readable", async ({ page }, testInfo) => {
      await openApp(page);
      const id = await runSession(page, { title: "One call" }, [{ text: "What is in notes/todo.md?" }]);
      await openGraph(page, id, 1);
      const lookup = page.locator('[data-testid="graph-node"][data-stage="lookup"]').first();
      await expect(lookup).toBeInViewport();
      await expect(lookup).toHaveAttribute("data-status", "ok");
      await keepScreenshot(page, testInfo, `one-call-${size.width}`);
    });

    test("three parallel reads are three lanes with aligned stage columns", async ({ page }, testInfo) => {
      await openApp(page);
      const id = await runSession(page, { scenario: "parallel-reads" }, [{}]);
      await openGraph(page, id, 1);
      const lookups = await stageBoxes(page, 1, "lookup");
      const executes = await stageBoxes(page, 1, "execute");
      expect(lookups).toHaveLength(3);
      expect(new Set(lookups.map((box) => Math.round(box.x))).size).toBe(1);
      expect(new Set(executes.map((box) => Math.round(box.x))).size).toBe(1);
      expect(lookups[1]!.y).toBeGreaterThan(lookups[0]!.y + lookups[0]!.height);
      await expect(page.locator('[data-testid="graph-lane-group"][data-calls="3"]')).toHaveCount(1);
      await keepScreenshot(page, testInfo, `parallel-reads-${size.width}`);
    });

    test("the billing batch reads as a shape under both policies", async ({ page }, testInfo) => {
      await openApp(page);
      const id = await runSession(page, { scenario: "billing-batch" }, [{}]);
      await openGraph(page, id, 1);
      await keepScreenshot(page, testInfo, `billing-all-or-nothing-${size.width}`);
      // The canvas draws only what is in view: show the whole run before counting its nodes.
      await page.getByTestId("graph-fit").click();
      // All-or-nothing: the charge fails validation, nothing executes.
      await expect(
        page.locator('[data-testid="graph-node"][data-stage="validate"][data-status="error"]'),
      ).toHaveCount(1);
      await expect(
        page.locator('[data-testid="graph-node"][data-stage="execute"][data-status="ok"]'),
      ).toHaveCount(0);
      const sent = await page.request.post(`/api/sessions/${encodeURIComponent(id)}/messages`, { data: {} });
      expect(sent.status()).toBe(202);
      await expect
        .poll(async () => (await readEvents(page, id)).filter((event) => ENDS.has(event.kind)).length, {
          timeout: RUN_TIMEOUT,
        })
        .toBe(2);
      await openGraph(page, id, 3);
      await keepScreenshot(page, testInfo, `billing-independent-${size.width}`);
      await page.getByTestId("graph-fit").click();
      // Independent: the order and the receipt execute in turn 3 while the charge fails.
      await expect(
        page.locator(
          '[data-testid="graph-node"][data-stage="execute"][data-status="ok"][data-node-id^="t3:"]',
        ),
      ).toHaveCount(2);
    });

    test("a 50-turn run hands the canvas only the turns near the view; the minimap reaches the rest", async ({
      page,
    }, testInfo) => {
      test.setTimeout(240_000);
      await openApp(page);
      const messages = Array.from({ length: 25 }, () => ({ text: "What is in notes/todo.md?" }));
      const id = await runSession(page, { title: "Fifty turns" }, messages);
      await openGraph(page, id, 49);
      await expect(page.locator('[data-testid="graph-turn"][data-turn="1"]')).toHaveCount(0);
      const drawn = await page.getByTestId("graph-node").count();
      expect(drawn).toBeGreaterThan(0);
      expect(drawn).toBeLessThan(25 * 16 * 0.4);
      await keepScreenshot(page, testInfo, `fifty-turns-${size.width}`);
      // A click at the minimap's top brings the first turns in.
      const minimap = page.getByTestId("graph-minimap");
      const box = (await minimap.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + 6);
      await expect(page.locator('[data-testid="graph-turn"][data-turn="1"]')).toBeVisible();
      await keepScreenshot(page, testInfo, `fifty-turns-top-${size.width}`);
    });
  });
}
