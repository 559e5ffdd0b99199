import { describe, expect, it } from "vitest";
import { mapOpenAIChatFinishReason } from "./openai-chat/stop-reason";
import { mapOpenAIResponsesStopReason } from "./openai-responses/stop-reason";

describe("a refusal is a refusal stop in both OpenAI formats", () => {
  it("Chat: stop with only a refusal → refusal; with text or a call beside it → end_turn", () => {
    expect(mapOpenAIChatFinishReason("stop", { content: null, refusal: "I can't help with that." })).toEqual({
      unified: "refusal",
      raw: "stop",
    });
    expect(mapOpenAIChatFinishReason("stop", { content: "Sure.", refusal: null })).toEqual({
      unified: "end_turn",
      raw: "stop",
    });
    expect(mapOpenAIChatFinishReason("stop", { content: "", refusal: "" })).toEqual({
      unified: "end_turn",
      raw: "stop",
    });
  });

  it("Chat and Responses agree on the same refusal", () => {
    const chat = mapOpenAIChatFinishReason("stop", { content: null, refusal: "No." });
    const responses = mapOpenAIResponsesStopReason({
      status: "completed",
      output: [
        {
          type: "message",
          id: "m",
          role: "assistant",
          status: "completed",
          content: [{ type: "refusal", refusal: "No." }],
        },
      ],
    });
    expect(chat.unified).toBe("refusal");
    expect(responses.unified).toBe(chat.unified);
  });
});
