/**
 * Generators for fuzzing the importer: random JSON, JSON shaped like each kind of file it reads
 * (with random insides), and text made of SSE-like lines. Test-only.
 */
import fc from "fast-check";
import { hostileJson } from "@/lib/protocol/testing/mutate-json";

/** Any JSON value, four levels deep at most, now and then one that breaks naive code ({ "toString": 0 }). */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 6 },
  { arbitrary: hostileJson, weight: 1 },
);
const anyArray = fc.array(anyJson, { maxLength: 4 });
const block = fc.record(
  {
    type: fc.constantFrom("text", "tool_use", "tool_result", "thinking", "image", "x"),
    id: fc.string(),
    text: anyJson,
    input: anyJson,
    content: anyJson,
    tool_use_id: fc.string(),
  },
  { requiredKeys: ["type"] },
);
const message = fc.record(
  {
    role: fc.constantFrom("user", "assistant", "system", "tool", "developer", "x"),
    content: fc.oneof(fc.string(), fc.array(block, { maxLength: 3 }), anyJson),
    tool_calls: anyArray,
    tool_call_id: fc.string(),
  },
  { requiredKeys: ["role"] },
);

/** JSON shaped like each thing the importer recognizes, with random insides. */
export const shapedJson = fc.oneof(
  fc.record(
    {
      format: fc.constant("toolscope-export"),
      version: anyJson,
      session: anyJson,
      events: fc.array(
        fc.oneof(
          anyJson,
          fc.record({
            kind: fc.constantFrom("session.created", "user.message", "turn.completed", "tool.result"),
            config: anyJson,
            workspace: anyJson,
            seq: anyJson,
            at: anyJson,
          }),
        ),
        { maxLength: 4 },
      ),
    },
    { requiredKeys: ["format"] },
  ),
  fc.record({
    log: fc.record({
      entries: fc.array(fc.record({ request: anyJson, response: anyJson }), { maxLength: 3 }),
    }),
  }),
  fc.record(
    {
      model: fc.string(),
      messages: fc.array(message, { maxLength: 4 }),
      tools: anyArray,
      system: anyJson,
      tool_choice: anyJson,
    },
    { requiredKeys: ["messages"] },
  ),
  fc.record(
    { input: fc.oneof(fc.string(), anyArray), instructions: anyJson, tools: anyArray },
    { requiredKeys: ["input"] },
  ),
  fc.record({
    type: fc.constant("message"),
    role: fc.constant("assistant"),
    content: fc.array(block, { maxLength: 3 }),
    stop_reason: anyJson,
    usage: anyJson,
  }),
  fc.record({
    object: fc.constant("chat.completion"),
    choices: fc.array(
      fc.record({ index: anyJson, message: fc.oneof(message, anyJson), finish_reason: anyJson }),
      { maxLength: 2 },
    ),
  }),
  fc.record({ object: fc.constant("response"), status: fc.string(), output: anyArray }),
  fc.record({ text: fc.string() }),
);

/** Text made of SSE lines with random names and data, some of it JSON. */
export const sseText = fc
  .array(
    fc.oneof(
      fc.constantFrom("", "\r", ": comment", "retry: 10", "id: 1", "data: [DONE]"),
      fc.string().map((name) => `event: ${name}`),
      fc
        .constantFrom(
          "message_start",
          "content_block_delta",
          "response.created",
          "response.output_item.added",
        )
        .map((name) => `event: ${name}`),
      anyJson.map((value) => `data: ${JSON.stringify(value)}`),
      fc.string().map((value) => `data: ${value}`),
    ),
    { maxLength: 12 },
  )
  .map((lines) => lines.join("\n"));
