import { describe, expect, it } from "vitest";
import type { Block } from "@/lib/protocol/unified";
import { buildPairing, pairHue, PAIR_HUES, shortId } from "./pairing";

const call = (id: string, name: string): Block => ({
  type: "toolCall",
  id,
  name,
  arguments: {},
  rawArguments: "{}",
});
const result = (toolCallId: string): Block => ({
  type: "toolResult",
  toolCallId,
  content: "ok",
  isError: false,
});
const text = (value: string): Block => ({ type: "text", text: value });

describe("buildPairing points each tool_use and tool_result at the other", () => {
  it("finds the message of the call and of its result, counting from 1", () => {
    const pairing = buildPairing([
      { content: [text("hi")] },
      { content: [text("reading"), call("a", "read_file"), call("b", "list_dir")] },
      { content: [result("a"), result("b")] },
    ]);
    expect([...pairing.values()]).toEqual([
      { id: "a", name: "read_file", callMessage: 2, resultMessage: 3 },
      { id: "b", name: "list_dir", callMessage: 2, resultMessage: 3 },
    ]);
  });

  it("leaves the result message empty while the result has not arrived", () => {
    expect(buildPairing([{ content: [call("a", "read_file")] }]).get("a")?.resultMessage).toBeNull();
  });

  it("does not index a result whose call is not in the transcript", () => {
    expect(buildPairing([{ content: [result("ghost")] }]).has("ghost")).toBe(false);
  });
});

describe("short ids and colours", () => {
  it("keeps the distinctive tail of a long id", () => {
    expect(shortId("toolu_01A09q90qw90lq917835")).toBe("…917835");
    expect(shortId("call_1")).toBe("call_1");
  });

  it("gives an id the same colour slot every time, within range", () => {
    expect(pairHue("toolu_abc")).toBe(pairHue("toolu_abc"));
    for (const id of ["a", "b", "toolu_1", "call_xyz"]) {
      expect(pairHue(id)).toBeGreaterThanOrEqual(0);
      expect(pairHue(id)).toBeLessThan(PAIR_HUES);
    }
  });
});
