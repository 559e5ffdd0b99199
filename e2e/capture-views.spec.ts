import Anthropic from "@anthropic-ai/sdk";
import type { Page } from "@playwright/test";
import { E2E_PORT, E2E_TOKEN } from "../playwright.config";
import { expect, openApp, test } from "./support/fixtures";

/**
 * A capture session in real Chromium while the official Anthropic SDK runs against the capture
 * endpoint (offline upstream): the session appears in the list (marked, its client named) and
 * fills in live on its page as the client sends its next request; the context diff, the lint of
 * the client's tool, the graph's client-run call and the stream scrubber all work on it.
 */

test.use({ viewport: { width: 1500, height: 950 } });

const READ_NOTES = {
  name: "read_notes",
  description: "Reads one note from the notes folder by its path and returns its text.",
  input_schema: {
    type: "object" as const,
    properties: { path: { type: "string", description: "The note's path, such as notes/todo.md." } },
    required: ["path"],
  },
};

const client = new Anthropic({
  apiKey: E2E_TOKEN,
  baseURL: `http://127.0.0.1:${E2E_PORT}/capture/anthropic`,
  maxRetries: 0,
});

async function openDetail(page: Page, mode: string) {
  await page.getByTestId(`detail-mode-${mode}`).click();
  await expect(page.getByTestId("detail-pane")).toHaveAttribute("data-mode", mode);
}

test("a captured Anthropic SDK conversation fills in live; context diff, lint, graph and scrubber work on it", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `capture ${Date.now()}`;
  const question = `What is in notes/todo.md? (${stamp})`;
  await openApp(page);
  await page.getByTestId("source-filter-capture").click();
  await expect(page.getByTestId("source-filter-capture")).toHaveAttribute("aria-pressed", "true");

  // Request 1: the offline model answers with a call of the client's own tool.
  const user = { role: "user" as const, content: question };
  // Streamed, so the scrubber has wire events to step through.
  const first = await client.messages
    .stream({ model: "claude-sonnet-4-6", max_tokens: 512, tools: [READ_NOTES], messages: [user] })
    .finalMessage();
  expect(first.stop_reason).toBe("tool_use");
  const call = first.content.find((block) => block.type === "tool_use");
  expect(call?.name).toBe("read_notes");

  // The list polls: the new capture session appears, marked, with the client named.
  const row = page.locator('[data-testid="session-row"][data-source="capture"]', { hasText: stamp });
  await expect(row.first()).toBeVisible({ timeout: 20_000 });
  await expect(row.first().getByTestId("session-source")).toBeVisible();
  await expect(row.first().getByTestId("session-client")).toContainText("Anthropic SDK");
  await page.screenshot({ path: testInfo.outputPath("capture-list.png") });
  await row.first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/sessions\/[^/?]+$/);
  await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toHaveCount(1);

  // The client counts its next request's tokens first: recorded in the session, no turn opened.
  const resultMessage = {
    role: "user" as const,
    content: [{ type: "tool_result" as const, tool_use_id: call!.id, content: "# Todo\n- buy milk" }],
  };
  const counted = await client.messages.countTokens({
    model: "claude-sonnet-4-6",
    tools: [READ_NOTES],
    messages: [user, { role: "assistant", content: first.content }, resultMessage],
  });
  expect(counted.input_tokens).toBeGreaterThan(0);

  // Request 2, while the page is open: the client's tool result and the final answer arrive live.
  const second = await client.messages.create({
    model: "claude-sonnet-4-6",
    max_tokens: 512,
    tools: [READ_NOTES],
    messages: [
      user,
      { role: "assistant", content: first.content },
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: call!.id, content: "# Todo\n- buy milk" }],
      },
    ],
  });
  expect(second.stop_reason).toBe("end_turn");
  await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toHaveCount(2, {
    timeout: 15_000,
  });

  // The graph as of turn 1's end: the client's call with the stages Toolscope observed or checked itself.
  const sessionId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);
  const detail = (await (await page.request.get(`/api/sessions/${sessionId}`)).json()) as {
    events: { seq: number; kind: string }[];
  };
  const turnOneEnd = detail.events.find((event) => event.kind === "run.finished")!.seq;
  await page.goto(`/sessions/${sessionId}?seq=${turnOneEnd}`);
  // The graph draws only what is in view, and a call's lane is wider than the pane at a readable
  // zoom: show the whole run, so every stage of the call is drawn.
  await page.getByTestId("graph-fit").click();
  await expect(page.locator('[data-testid="graph-node-by"][data-by="toolscope"]')).toHaveCount(2);
  await expect(page.locator('[data-testid="graph-node-by"][data-by="client"]')).toHaveCount(2);
  // Validate says what Toolscope checked (against the client's schema), not a bare status.
  await expect(
    page.locator('[data-testid="graph-node"][data-stage="validate"] [data-testid="graph-client-check"]'),
  ).toHaveText("checked: arguments valid");
  await expect(
    page.locator('[data-testid="graph-node"][data-stage="lookup"] [data-testid="graph-client-check"]'),
  ).toHaveText("checked: declared by the client");
  await page.screenshot({ path: testInfo.outputPath("capture-graph.png") });
  // The token count is an event of the session, shown in the event view at its seq.
  const countSeq = detail.events.find((event) => event.kind === "tokens.counted")?.seq;
  expect(countSeq).toBeGreaterThan(turnOneEnd);
  await page.goto(`/sessions/${sessionId}?seq=${countSeq}`);
  await openDetail(page, "event");
  await expect(page.getByTestId("event-detail")).toHaveAttribute("data-kind", "tokens.counted");
  await expect(page.getByTestId("event-detail")).toContainText(`"inputTokens": ${counted.input_tokens}`);
  await page.goto(`/sessions/${sessionId}`);
  await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toHaveCount(2);

  // The context diff of turn 2 against turn 1: only messages appended, the prefix held.
  await openDetail(page, "context");
  const turn = page.getByTestId("context-turn");
  await expect(turn).toHaveAttribute("data-turn", "2");
  await expect(turn).toHaveAttribute("data-break", "none");
  await expect(page.getByTestId("context-history")).toContainText("1 kept from the start, 2 appended");
  await expect(page.getByTestId("context-system")).toHaveAttribute("data-status", "absent");
  await expect(page.getByTestId("context-doctor")).toHaveAttribute("data-problems", "0");
  // Replay of the captured request against an upstream, beside the original answer.
  await page.getByTestId("context-replay").click();
  await expect(page.getByTestId("context-replay-result")).toHaveAttribute("data-status", "200");
  await expect(page.getByTestId("context-replay-answer")).toContainText("end_turn");
  await page.screenshot({ path: testInfo.outputPath("capture-context.png") });
  await page.getByTestId("context-turn-picker").selectOption("1");
  await expect(turn).toHaveAttribute("data-turn", "1");
  await expect(page.getByTestId("context-prefix")).toContainText("The first request");

  // The Tools pane lints the client's own tool for every provider.
  await openDetail(page, "tools");
  const tool = page.locator('[data-testid="tool-row"][data-tool-name="read_notes"]');
  await expect(tool).toBeVisible();
  await tool.click();
  await expect(page.getByTestId("lint-list")).toBeVisible();
  await expect(page.getByTestId("revalidation-item")).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath("capture-tools.png") });

  // The stream scrubber steps through turn 1's recorded wire events.
  await page.getByTestId("stream-turn").selectOption("1");
  const list = page.getByTestId("stream-list");
  await list.focus();
  await list.press("Home");
  await list.press("ArrowDown");
  await list.press("ArrowDown");
  const selected = page.locator('[data-testid="stream-row"][aria-selected="true"]');
  await expect(selected).toHaveAttribute("data-position", "2");
  await openDetail(page, "stream");
  await expect(page.getByTestId("stream-scrub")).toHaveAttribute("data-format", "anthropic");
  await expect(page.getByTestId("stream-scrub")).toHaveAttribute(
    "data-seq",
    (await selected.getAttribute("data-seq")) ?? "",
  );
  await page.screenshot({ path: testInfo.outputPath("capture-stream.png") });
});
