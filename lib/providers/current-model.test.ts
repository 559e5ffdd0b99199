import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, test, vi } from "vitest";
import { DEFAULT_ANTHROPIC_MODEL } from "@/lib/contract/models";

/** A fetch that answers every request with one short message, so nothing leaves the process. */
const answer: typeof fetch = async () =>
  new Response(
    JSON.stringify({
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "m",
      content: [{ type: "text", text: "hi" }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    }),
    { status: 200, headers: { "content-type": "application/json" } },
  );

/** The warnings the real SDK prints for a request to `model`. */
async function listWarnings(model: string): Promise<string[]> {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const client = new Anthropic({
    apiKey: "test",
    baseURL: "http://127.0.0.1:9",
    fetch: answer,
    maxRetries: 0,
  });
  await client.messages.create({ model, max_tokens: 16, messages: [{ role: "user", content: "hi" }] });
  return warn.mock.calls.map((call) => String(call[0]));
}

afterEach(() => vi.restoreAllMocks());

describe("the default Anthropic model (and the Settings placeholder) is a current id", () => {
  test("the SDK prints no deprecation warning for it", async () => {
    expect((await listWarnings(DEFAULT_ANTHROPIC_MODEL)).filter((text) => /deprecated/i.test(text))).toEqual(
      [],
    );
  });

  test("while it does for the id used before", async () => {
    expect((await listWarnings("claude-sonnet-4-5")).join("\n")).toMatch(/deprecated/);
  });
});
