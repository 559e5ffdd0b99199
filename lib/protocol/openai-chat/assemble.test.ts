import { describe, expect, it } from "vitest";
import {
  assembleOpenAIChatStream,
  createOpenAIChatStreamState,
  reduceOpenAIChatEvent,
} from "@/lib/protocol/openai-chat/assemble";
import type { SseEvent } from "@/lib/protocol/sse";
import { freezeDeep } from "@/lib/protocol/testing/fixtures";

const head = { id: "c1", object: "chat.completion.chunk", created: 1, model: "m" };

function chunk(choices: unknown[], extra: Record<string, unknown> = {}): SseEvent {
  return { event: null, data: JSON.stringify({ ...head, ...extra, choices }) };
}

function delta(value: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { index: 0, delta: value, finish_reason: null, logprobs: null, ...extra };
}

const DONE: SseEvent = { event: null, data: "[DONE]" };

describe("reduceOpenAIChatEvent", () => {
  it("joins content and refusal text, and never mutates the state it is given", () => {
    const events = [
      chunk([delta({ role: "assistant", content: "" })]),
      chunk([delta({ content: "Hel" })]),
      chunk([delta({ content: "lo", refusal: null })]),
      chunk([delta({}, { finish_reason: "stop" })], { system_fingerprint: null }),
      DONE,
    ];
    let state = freezeDeep(createOpenAIChatStreamState());
    for (const event of events) state = freezeDeep(reduceOpenAIChatEvent(state, event));
    expect(state).toEqual({
      completion: {
        ...head,
        object: "chat.completion",
        choices: [
          {
            index: 0,
            finish_reason: "stop",
            logprobs: null,
            message: { role: "assistant", content: "Hello", refusal: null },
          },
        ],
      },
      done: true,
      partialJson: {},
      notes: [],
    });
  });

  it("interleaved tool call fragments join by index; id and name come from the first fragment", () => {
    const start = (index: number, id: string) => ({
      index,
      id,
      type: "function",
      function: { name: `f${index}`, arguments: "" },
    });
    const args = (index: number, text: string) => ({ index, function: { arguments: text } });
    const state = assembleOpenAIChatStream([
      chunk([delta({ role: "assistant", tool_calls: [start(0, "a"), start(1, "b")] })]),
      chunk([delta({ tool_calls: [args(1, '{"y"'), args(0, '{"x"')] })]),
      chunk([delta({ tool_calls: [args(0, ":1}")] })]),
      chunk([delta({ tool_calls: [args(1, ":2}")] }, { finish_reason: "tool_calls" })]),
    ]);
    expect(state.completion!.choices[0]!.message.tool_calls).toEqual([
      { id: "a", type: "function", function: { name: "f0", arguments: '{"x":1}' } },
      { id: "b", type: "function", function: { name: "f1", arguments: '{"y":2}' } },
    ]);
    expect(state.partialJson).toEqual({ 0: '{"x":1}', 1: '{"y":2}' });
    expect(state.done).toBe(false);
  });

  it("appends logprobs token lists once each (the SDK doubles the first chunk's)", () => {
    const state = assembleOpenAIChatStream([
      chunk([
        delta(
          { role: "assistant", content: "a" },
          { logprobs: { content: [{ token: "a" }], refusal: null } },
        ),
      ]),
      chunk([delta({ content: "b" }, { logprobs: { content: [{ token: "b" }], refusal: null } })]),
    ]);
    expect(state.completion!.choices[0]!.logprobs).toEqual({
      content: [{ token: "a" }, { token: "b" }],
      refusal: null,
    });
  });

  it("records an error in the data, and notes what it cannot read or what follows [DONE]", () => {
    const state = assembleOpenAIChatStream([
      { event: null, data: "not json" },
      { event: null, data: JSON.stringify({ ...head }) },
      chunk([{ delta: {} }]),
      chunk([delta({ tool_calls: [{ function: { arguments: "{" } }] })]),
      {
        event: null,
        data: JSON.stringify({ error: { message: "Overloaded", type: "server_error", code: null } }),
      },
      DONE,
      chunk([delta({ content: "late" })]),
      DONE,
    ]);
    expect(state.completion).toBeNull();
    expect(state.error).toEqual({ message: "Overloaded", type: "server_error", code: null });
    expect(state.notes).toEqual([
      "a data line that is not a JSON object was ignored",
      "a chunk without a choices array was ignored",
      "a chunk with a choice lacking an index was ignored",
      "a chunk whose choice 0 has a tool call lacking an index was ignored",
      "a chunk after [DONE] was ignored",
      "a second [DONE] after [DONE] was ignored",
    ]);
  });

  it("keeps the usage chunk's usage and a chunk's extra fields, as the SDK does", () => {
    const state = assembleOpenAIChatStream([
      chunk([delta({ role: "assistant", content: "x", reasoning_content: "r" }, { finish_reason: "stop" })], {
        system_fingerprint: "fp",
        service_tier: "default",
      }),
      chunk([], {
        usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
        system_fingerprint: "fp",
      }),
    ]);
    expect(state.completion).toMatchObject({
      system_fingerprint: "fp",
      service_tier: "default",
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
    });
    expect(state.completion!.choices[0]!.message).toEqual({
      role: "assistant",
      content: "x",
      refusal: null,
      reasoning_content: "r",
    });
  });
});
