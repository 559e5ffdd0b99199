/**
 * Fuzzing `POST /api/import` with the recorded wire fixtures, damaged: captures truncated at any
 * byte or with one event's JSON changed, request, response, HAR and export files with a random
 * subtree replaced — and the inputs that once made it throw (a 500), pinned. The contract each
 * answer is held to: lib/server/testing/import-check.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyJson } from "@/lib/agent/import/testing/arbitrary-import";
import { FUZZ_RUNS, openImportFixture } from "@/lib/server/testing/import-check";
import { buildHar, openTestRuntime, runOfflineSession } from "@/lib/agent/import/testing/runtime";
import { decodeSse } from "@/lib/protocol/sse";
import {
  listAnthropicStreamFixtures,
  listStreamFixtures,
  readFixtureJson,
  readFixtureText,
} from "@/lib/protocol/testing/fixtures";
import { parseOrText, replaceSubtree } from "@/lib/protocol/testing/mutate-json";
import { POST } from "./route";

const RUNS = FUZZ_RUNS;

const fixture = openImportFixture(POST);
const json = (value: unknown) => fixture.check.json(value);
const text = (value: string) => fixture.check.text(value);

const CAPTURES = [
  ...listAnthropicStreamFixtures().filter((name) => name.endsWith(".sse")),
  ...listStreamFixtures("openai-"),
];
const BODIES = [
  "anthropic-request-parallel-tool-results.json",
  "anthropic-response-tool-use.json",
  "openai-chat-request-tool-results.json",
  "openai-chat-response-parallel-tools.json",
  "openai-responses-request-function-call-output.json",
  "openai-responses-response-function-call.json",
].map((name) => readFixtureJson(name));
const HAR = buildHar([
  {
    url: "https://api.anthropic.com/v1/messages",
    request: "anthropic-request-tool-use.json",
    response: "anthropic-stream-tool-use.sse",
  },
  {
    url: "https://api.openai.com/v1/chat/completions",
    request: "openai-chat-request-tool-results.json",
    response: "openai-chat-response-after-tools.json",
  },
]);

describe("POST /api/import, fuzzed with damaged recordings", () => {
  it(`reads every recorded capture truncated at any byte, as text and as { text } (${RUNS} runs)`, async () => {
    const captures = CAPTURES.map((name) => readFixtureText(name));
    await fc.assert(
      fc.asyncProperty(
        fc.nat(captures.length - 1),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (which, fraction) => {
          const capture = captures[which]!;
          const cut = capture.slice(0, Math.floor(capture.length * fraction));
          expect([201, 400, 422]).toContain(await text(cut));
          await json({ text: cut });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`reads every recorded capture with one event's JSON changed at a random place (${RUNS} runs)`, async () => {
    const captures = CAPTURES.map((name) => decodeSse(readFixtureText(name), { lenient: true }).events);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(captures.length - 1),
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.oneof(anyJson, fc.constantFrom<unknown>({ toString: 0 }, 2 ** 31, -1, 10_000)),
        async (which, at, path, replacement) => {
          const events = captures[which]!;
          const index = at % events.length;
          const capture = events
            .map((event, i) => {
              let data = event.data;
              if (i === index) data = JSON.stringify(replaceSubtree(parseOrText(data), path, replacement));
              return `${event.event === null ? "" : `event: ${event.event}\n`}data: ${data}\n\n`;
            })
            .join("");
          await text(capture);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`reads request, response, HAR and export files with a random subtree replaced (${RUNS * 2} runs)`, async () => {
    const { runtime: source, dispose: disposeSource } = openTestRuntime();
    const { id } = (await runOfflineSession(source, "What is in notes/todo.md?")) as { id: string };
    const exported = {
      format: "toolscope-export",
      version: 1,
      session: source.store.getSession(id),
      events: source.store.events(id),
    };
    disposeSource();
    const files = [...BODIES, HAR, exported];
    await fc.assert(
      fc.asyncProperty(
        fc.nat(files.length - 1),
        fc.array(fc.nat(), { maxLength: 7 }),
        anyJson,
        async (which, path, replacement) => {
          await json(replaceSubtree(files[which], path, replacement));
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it.each([
    [
      "a response's tool_result with object content",
      { type: "message", role: "assistant", content: [{ type: "tool_result", content: {} }] },
      "response",
      "/content: an Anthropic message's content must be blocks with a type.",
    ],
    [
      "a request's tool_result with null content",
      {
        model: "m",
        messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "a", content: null }] }],
      },
      "request",
      '/messages/0: an Anthropic message needs role "user" or "assistant" and content (a string or blocks with a type).',
    ],
    [
      "a request's tool_result with a null part",
      {
        model: "m",
        messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "a", content: [null] }] }],
      },
      "request",
      '/messages/0: an Anthropic message needs role "user" or "assistant" and content (a string or blocks with a type).',
    ],
  ])("answers %s (found by this fuzzing: it threw, a 500) with 422", async (_name, body, kind, reason) => {
    const response = await POST(
      new Request("http://127.0.0.1:3000/api/import", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(422);
    // The answer names the field as its `path`, the pointer the reason starts with.
    expect(await response.json()).toEqual({
      error: `The body looks like an Anthropic ${kind}, but ${reason}`,
      path: reason.slice(0, reason.indexOf(":")),
    });
  });

  it("reads a capture whose first block never started (a hole in the assembled content; it threw) as no turn, with a note", async () => {
    const events = decodeSse(readFixtureText("anthropic-stream-fine-grained-max-tokens.sse"), {
      lenient: true,
    }).events;
    const capture = events
      .map((event, i) => `event: ${event.event}\ndata: ${i === 1 ? '{"toString":0}' : event.data}\n\n`)
      .join("");
    const response = await POST(
      new Request("http://127.0.0.1:3000/api/import", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: capture,
      }),
    );
    expect(response.status).toBe(201);
    const { id, notes } = (await response.json()) as { id: string; notes: string[] };
    expect(notes).toContain(
      "The assembled message could not be read (/content: an Anthropic message's content must be blocks with a type.): no turn was recorded.",
    );
    expect(fixture.runtime.store.events(id).map((event) => event.kind)).not.toContain("turn.completed");
    fixture.runtime.store.deleteSession(id);
  });
});
