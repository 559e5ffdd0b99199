import { describe, expect, it } from "vitest";
import {
  assembleOpenAIResponsesStream,
  createOpenAIResponsesStreamState,
  reduceOpenAIResponsesEvent,
} from "@/lib/protocol/openai-responses/assemble";
import type { SseEvent } from "@/lib/protocol/sse";
import { freezeDeep } from "@/lib/protocol/testing/fixtures";

const response = {
  id: "resp_1",
  object: "response",
  created_at: 1,
  status: "in_progress",
  model: "m",
  output: [],
};

function event(type: string, body: Record<string, unknown> = {}): SseEvent {
  return { event: type, data: JSON.stringify({ type, ...body }) };
}

const at = (output: number, content?: number) => ({
  output_index: output,
  ...(content === undefined ? {} : { content_index: content }),
});

describe("reduceOpenAIResponsesEvent", () => {
  it("assembles text and refusal parts delta by delta, without mutating any state", () => {
    const events = [
      event("response.created", { response }),
      event("response.output_item.added", {
        ...at(0),
        item: { type: "message", id: "m", role: "assistant", status: "in_progress", content: [] },
      }),
      event("response.content_part.added", {
        ...at(0, 0),
        part: { type: "output_text", text: "", annotations: [] },
      }),
      event("response.output_text.delta", { ...at(0, 0), delta: "Hel" }),
      event("response.output_text.delta", { ...at(0, 0), delta: "lo" }),
      event("response.content_part.added", { ...at(0, 1), part: { type: "refusal", refusal: "" } }),
      event("response.refusal.delta", { ...at(0, 1), delta: "No" }),
      event("response.refusal.done", { ...at(0, 1), refusal: "No." }),
      event("response.reasoning_summary_text.delta", { ...at(0), delta: "skipped silently" }),
    ];
    let state = freezeDeep(createOpenAIResponsesStreamState());
    for (const item of events) state = freezeDeep(reduceOpenAIResponsesEvent(state, item));
    expect(state.response!.output).toEqual([
      {
        type: "message",
        id: "m",
        role: "assistant",
        status: "in_progress",
        content: [
          { type: "output_text", text: "Hello", annotations: [] },
          { type: "refusal", refusal: "No." },
        ],
      },
    ]);
    expect(state.partialJson).toEqual({});
    expect(state.notes).toEqual([]);
    expect(state.done).toBe(false);
  });

  it("takes the final response of response.failed and response.incomplete and ends there", () => {
    for (const type of ["response.failed", "response.incomplete"]) {
      const final = { ...response, status: type.slice("response.".length), output: [] };
      const state = assembleOpenAIResponsesStream([
        event("response.created", { response }),
        event(type, { response: final }),
        event("response.completed", { response: final }),
      ]);
      expect(state.response).toEqual(final);
      expect(state.done).toBe(true);
      expect(state.notes).toEqual(["response.completed after the response ended was ignored"]);
    }
  });

  it("records the error event and notes what it cannot read or place", () => {
    const call = {
      type: "function_call",
      id: "fc",
      call_id: "c",
      name: "f",
      arguments: "",
      status: "in_progress",
    };
    const state = assembleOpenAIResponsesStream([
      event("response.output_text.delta", { ...at(0, 0), delta: "x" }),
      { event: null, data: "nope" },
      event("response.created", { response }),
      event("response.created", { response }),
      event("response.output_item.added", { ...at(0), item: call }),
      event("response.output_item.added", { ...at(0), item: call }),
      event("response.function_call_arguments.delta", { ...at(1), delta: "{" }),
      event("response.output_text.delta", { ...at(0, 0), delta: "x" }),
      event("response.function_call_arguments.delta", { delta: "{" }),
      event("response.function_call_arguments.delta", { ...at(0), delta: '{"a"' }),
      event("response.function_call_arguments.done", { ...at(0), arguments: '{"b":1}' }),
      event("thread.run.created", {}),
      event("error", { code: "server_error", message: "Boom", param: null }),
    ]);
    expect(state.error).toEqual({ code: "server_error", message: "Boom", param: null });
    expect(state.partialJson).toEqual({ 0: '{"b":1}' });
    expect(state.response!.output[0]).toMatchObject({ arguments: '{"b":1}' });
    expect(state.notes).toEqual([
      "response.output_text.delta before response.created was ignored",
      "event (unnamed): data is not a JSON object",
      "a second response.created was ignored",
      "output 0 was added twice; the second one was ignored",
      "response.function_call_arguments.delta for output 1, which was never added, was ignored",
      "response.output_text.delta for output 0 with no output_text part 0 was ignored",
      "response.function_call_arguments.delta without an output_index was ignored",
      "output 0: the final arguments differ from the streamed ones; the final text is kept",
      'ignored an event of unknown type "thread.run.created"',
    ]);
  });

  it("in_progress updates the top-level fields and keeps the output assembled so far", () => {
    const call = { type: "function_call", call_id: "c", name: "f", arguments: '{"x":1}' };
    const state = assembleOpenAIResponsesStream([
      event("response.created", { response }),
      event("response.output_item.added", { ...at(0), item: call }),
      event("response.in_progress", { response: { ...response, service_tier: "default" } }),
    ]);
    expect(state.response).toEqual({ ...response, service_tier: "default", output: [call] });
    expect(state.partialJson).toEqual({ 0: '{"x":1}' });
  });
});
