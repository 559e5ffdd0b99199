import type { Page, Worker } from "@playwright/test";
import {
  createEchoSession,
  ECHO_TOOL,
  keepScreenshot,
  listCallIds,
  readEvents,
} from "./support/echo-session";
import { expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";
import { LINT_TIMEOUT, replaceDefinition } from "./support/tool-editor";

/**
 * Schema, replay and fork in one run in real Chromium against the built app: a session with two
 * recorded calls of a custom `echo` tool; a property of `echo` renamed in Monaco → both earlier
 * calls listed as now invalid; the first call replayed from its graph node with the renamed
 * draft and fixed arguments → ok, shown beside the original; a fork at the end of turn 1 with an
 * edited system prompt → the child runs to its end → the sessions tree shows both. Every request
 * the page made, Monaco's workers and what they loaded included, stayed on our origin.
 */

test.use({ viewport: { width: 1400, height: 900 } });

/** The echo tool with its `text` property renamed to `message`. */
const RENAMED = {
  ...ECHO_TOOL,
  input_schema: {
    type: "object",
    properties: { message: { type: "string", description: "The text to echo back." } },
    required: ["message"],
  },
};

const status = (page: Page) => page.getByTestId("status");

test("rename a property in Monaco, replay a call with the draft from the graph, fork at turn 1 and run the child", async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  const requests: string[] = [];
  const workers: Worker[] = [];
  page.on("request", (request) => requests.push(request.url()));
  page.on("worker", (worker) => workers.push(worker));
  const foreign = (urls: readonly string[]) =>
    urls.filter((url) => /^(https?|wss?):/.test(url) && new URL(url).origin !== origin);

  await openApp(page);
  const id = await createEchoSession(page, {
    title: `Echo ${Date.now()}`,
    messages: ['Echo "hello world"', 'Echo "second note"'],
  });
  const events = await readEvents(page, id);
  const [firstCall, secondCall] = listCallIds(events);
  expect(listCallIds(events)).toHaveLength(2);

  // 1. Rename `text` to `message` in Monaco: both recorded calls were valid, and are not now.
  await page.goto(`/sessions/${id}`);
  await expect(status(page)).toHaveAttribute("data-status", "finished");
  await page.getByTestId("detail-mode-tools").click();
  await page.locator('[data-testid="tool-row"][data-tool-name="echo"]').click();
  const calls = page.getByTestId("revalidation-item");
  await expect(calls).toHaveCount(2);
  for (const call of await calls.all())
    await expect(call).toHaveAttribute("data-now", "valid", { timeout: LINT_TIMEOUT });
  await replaceDefinition(page, JSON.stringify(RENAMED, null, 1));
  await expect(page.getByTestId("tool-editor")).toHaveAttribute("data-dirty", "true");
  for (const callId of [firstCall, secondCall]) {
    const call = page.locator(`[data-testid="revalidation-item"][data-call-id="${callId}"]`);
    await expect(call).toHaveAttribute("data-then", "valid");
    await expect(call).toHaveAttribute("data-now", "invalid", { timeout: LINT_TIMEOUT });
    await expect(call).toHaveAttribute("data-changed", "true");
    await expect(call).toContainText("message");
  }
  await keepScreenshot(page, testInfo, "1-renamed-calls-now-invalid");

  // Monaco's workers: created from our origin, and everything they loaded came from it too.
  await expect.poll(() => workers.length, { timeout: LINT_TIMEOUT }).toBeGreaterThan(0);
  expect(foreign(workers.map((worker) => worker.url())), "worker scripts").toEqual([]);
  for (const worker of workers) {
    const loaded = await worker.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => entry.name),
    );
    expect(foreign(loaded), `what worker ${worker.url()} loaded`).toEqual([]);
  }

  // 2. Replay the first call from its node in the graph (turn 1 in view), with the draft.
  const turn1 = events.find((event) => event.kind === "turn.completed" && event.turn === 1)!;
  await page.goto(`/sessions/${id}?seq=${turn1.seq}`);
  const node = page.locator(
    `[data-testid="graph-node"][data-node-kind="block"][data-call-id="${firstCall}"]`,
  );
  // Selecting the node shows it in the detail pane, which offers the same replay.
  await node.locator(".graph-node-body").click();
  const detail = page.getByTestId("node-detail");
  await expect(detail).toHaveAttribute("data-node-id", /^t1:block:/);
  await expect(detail.getByTestId("node-replay")).toHaveAttribute("data-call-id", firstCall!);
  await keepScreenshot(page, testInfo, "2-graph-node-replay");
  await node.getByTestId("graph-replay").click();
  const dialog = page.getByTestId("replay-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("replay-tool")).toHaveAttribute("data-draft", "ready");
  await dialog.getByTestId("replay-tool-draft").check();
  // The recorded arguments fail the renamed schema…
  await dialog.getByTestId("replay-run").click();
  const result = dialog.getByTestId("replay-result");
  await expect(result.getByTestId("replay-error-kind")).toHaveText("schema_validation_error", {
    timeout: RUN_TIMEOUT,
  });
  await expect(dialog.getByTestId("replay-used-tool")).toHaveAttribute("data-tool", "draft");
  // …fixed arguments pass it, and run the mock: ok, beside the original.
  await dialog.getByTestId("replay-arguments").fill(JSON.stringify({ message: "hello world" }));
  await dialog.getByTestId("replay-run").click();
  await expect(result).toHaveAttribute("data-is-error", "false", { timeout: RUN_TIMEOUT });
  await expect(result).toContainText('"message"');
  await expect(dialog.locator('[data-testid="replay-stage"][data-stage="validate"]')).toHaveAttribute(
    "data-status",
    "ok",
  );
  await expect(dialog.getByTestId("replay-original")).toHaveAttribute("data-is-error", "false");
  await expect(dialog.getByTestId("replay-original")).toContainText('"text"');
  await expect(dialog.getByTestId("replay-diff").locator('[data-kind="added"]').first()).toBeVisible();
  await keepScreenshot(page, testInfo, "3-replay-from-graph-with-draft");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  // Recorded as call.replayed events, nothing else: the transcript is as it was.
  const replayed = (await readEvents(page, id)).filter((event) => event.kind === "call.replayed");
  expect(replayed.map((event) => event.callId)).toEqual([firstCall, firstCall]);

  // 3. Fork at the end of turn 1 (its results message) with an edited system prompt.
  await page.goto(`/sessions/${id}`);
  await expect(page.getByTestId("message")).toHaveCount(8);
  await page.getByTestId("message").nth(2).getByTestId("fork-here").click();
  const fork = page.getByTestId("fork-dialog");
  await fork.getByTestId("fork-system").fill("Answer in one short line.");
  // The Tools pane's draft could go along; taken, then undone: this fork keeps echo as saved.
  await fork.getByTestId("fork-section-tools-toggle").click();
  await fork.getByTestId("fork-tools-drafts").click();
  await expect(fork.getByTestId("fork-tool-text")).toHaveValue(/"message"/);
  await keepScreenshot(page, testInfo, "4-fork-dialog");
  await fork.getByTestId("fork-tool-reset").click();
  await expect(fork.getByTestId("fork-tool-text")).toHaveValue(/"text"/);
  await fork.getByTestId("fork-submit").click();
  await expect(page).not.toHaveURL(new RegExp(`/sessions/${id}$`));
  await expect(page.getByTestId("message")).toHaveCount(3);
  const childId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);

  // The child continues from the results of turn 1 and runs to its end.
  await page.getByTestId("control-continue").click();
  await expect(status(page)).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });
  await expect(page.getByTestId("message")).toHaveCount(4);
  await expect(page.getByTestId("message").nth(3)).toContainText("hello world");
  const child = (await (await page.request.get(`/api/sessions/${childId}`)).json()) as {
    session: { system: string; parentId: string; tools: unknown[] };
  };
  expect(child.session).toMatchObject({ system: "Answer in one short line.", parentId: id });
  expect(child.session.tools).toEqual([ECHO_TOOL]);
  await keepScreenshot(page, testInfo, "5-child-finished");

  // 4. The sessions tree shows the parent and, under it, the child.
  await page.goto("/");
  const parentRow = page.locator(`[data-testid="session-row"][data-session-id="${id}"]`);
  const childRow = page.locator(`[data-testid="session-row"][data-session-id="${childId}"]`);
  await expect(parentRow).toHaveAttribute("data-depth", "0");
  await expect(childRow).toHaveAttribute("data-depth", "1");
  await expect(childRow).toHaveAttribute("data-parent-id", id);
  await keepScreenshot(page, testInfo, "6-tree");

  expect(foreign(requests), "requests that left the page's origin").toEqual([]);
  expect(requests.some((url) => url.includes("/_next/static/"))).toBe(true);
});
