import { describe, expect, it } from "vitest";
import { buildForkEdits, FORK_PROVIDER_CHOICES, FORK_PROVIDER_KEYS } from "./fork-choices";

describe("the fork dialog's edits", () => {
  it("are empty when nothing changed", () => {
    expect(buildForkEdits("Be brief.", "Be brief.", "unchanged")).toEqual({});
  });

  it("carry an edited system prompt, the empty one included", () => {
    expect(buildForkEdits("Be brief.", "Answer in French.", "unchanged")).toEqual({
      system: "Answer in French.",
    });
    expect(buildForkEdits("Be brief.", "", "unchanged")).toEqual({ system: "" });
  });

  it("carry the offline model on the chosen wire", () => {
    expect(buildForkEdits("s", "s", "openai-responses")).toEqual({
      provider: { kind: "offline", wire: "openai-responses" },
    });
  });

  it("name every choice", () => {
    expect(FORK_PROVIDER_CHOICES.map((c) => FORK_PROVIDER_KEYS[c])).toEqual([
      "unchanged",
      "offlineAnthropic",
      "offlineOpenaiChat",
      "offlineOpenaiResponses",
    ]);
  });
});
