import type { Page, TestInfo } from "@playwright/test";
import { expect, RUN_TIMEOUT } from "./fixtures";

/**
 * Sessions with recorded calls of a custom `echo` tool, made through the API (the page's cookie
 * authorizes it), for the schema, replay, fork and branch specs.
 */

/** A custom tool whose mock answers with its arguments. */
export const ECHO_TOOL = {
  name: "echo",
  description: "Echoes the given text back unchanged, so you can see exactly what the model sent.",
  input_schema: {
    type: "object",
    properties: { text: { type: "string", description: "The text to echo back." } },
    required: ["text"],
  },
  meta: { readOnly: true, idempotent: true },
  mock: { kind: "echo" },
};

interface EventLike {
  seq: number;
  kind: string;
  turn?: number;
  callId?: string;
  unified?: { content: { type: string; id?: string }[] };
}

/** The session's log, as `GET /api/sessions/:id` returns it. */
export async function readEvents(page: Page, id: string): Promise<EventLike[]> {
  const response = await page.request.get(`/api/sessions/${encodeURIComponent(id)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { events: EventLike[] }).events;
}

/**
 * Creates a session with only the echo tool and runs each message to its end, one after the
 * other (each run's `run.finished` is waited for before the next message is sent).
 */
export async function createEchoSession(
  page: Page,
  options: { title: string; system?: string; messages: string[] },
): Promise<string> {
  const created = await page.request.post("/api/sessions", {
    data: { title: options.title, system: options.system ?? "Be brief.", tools: [ECHO_TOOL] },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  for (const [index, text] of options.messages.entries()) {
    const sent = await page.request.post(`/api/sessions/${encodeURIComponent(id)}/messages`, {
      data: { text },
    });
    expect(sent.status()).toBe(202);
    await expect
      .poll(async () => (await readEvents(page, id)).filter((e) => e.kind === "run.finished").length, {
        timeout: RUN_TIMEOUT,
      })
      .toBe(index + 1);
  }
  return id;
}

/** The ids of the session's recorded tool calls, in the order the model made them. */
export function listCallIds(events: readonly EventLike[]): string[] {
  return events.flatMap((event) =>
    event.kind === "turn.completed"
      ? (event.unified?.content ?? []).flatMap((block) =>
          block.type === "toolCall" && block.id ? [block.id] : [],
        )
      : [],
  );
}

/** Saves a screenshot in the test's output folder and attaches it to the report. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}
