import { describe, expect, it } from "vitest";
import { mapAnthropicStopReason, mapAnthropicUsage } from "@/lib/protocol/anthropic/convert";

describe("mapAnthropicStopReason", () => {
  it.each(["end_turn", "tool_use", "max_tokens", "stop_sequence", "refusal", "pause_turn"])(
    "maps %s to itself",
    (raw) => {
      expect(mapAnthropicStopReason(raw)).toEqual({ unified: raw, raw });
    },
  );

  it.each([
    ["model_context_window_exceeded"],
    ["a_reason_from_next_month"],
    [""],
    ["constructor"],
    [null],
    [undefined],
  ])("maps %s to other and keeps the raw value, without throwing", (raw) => {
    expect(mapAnthropicStopReason(raw)).toEqual({ unified: "other", raw: raw ?? null });
  });
});

describe("mapAnthropicUsage", () => {
  it("counts cache reads and writes as input, since Anthropic reports them apart from input_tokens", () => {
    expect(
      mapAnthropicUsage({
        input_tokens: 10,
        output_tokens: 5,
        cache_read_input_tokens: 100,
        cache_creation_input_tokens: 7,
      }),
    ).toEqual({
      inputTokens: 117,
      outputTokens: 5,
    });
  });

  it("gives null, not 0, for a counter that is absent", () => {
    expect(mapAnthropicUsage({})).toEqual({ inputTokens: null, outputTokens: null });
    expect(mapAnthropicUsage(undefined)).toEqual({ inputTokens: null, outputTokens: null });
    expect(mapAnthropicUsage({ output_tokens: 3, cache_read_input_tokens: null })).toEqual({
      inputTokens: null,
      outputTokens: 3,
    });
  });
});
