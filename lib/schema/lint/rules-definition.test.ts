import { describe, expect, it } from "vitest";
import { suggestToolName } from "./rules-definition";
import { CLEAN_TOOL, lintRule } from "./testing/lint-helpers";

const NAME_RULE = "(Anthropic and OpenAI accept ^[a-zA-Z0-9_-]{1,64}$).";

describe("name-format", () => {
  it("fires on characters the providers reject, suggesting a name", () => {
    expect(lintRule({ ...CLEAN_TOOL, name: "read file.v2" }, "name-format")).toEqual([
      {
        rule: "name-format",
        severity: "error",
        path: "/name",
        message: `The tool name "read file.v2" contains " ", ".": use only letters, digits, "_" and "-", e.g. "read_file_v2" ${NAME_RULE}`,
      },
    ]);
  });

  it("fires on a name over 64 characters, an empty name and a missing one", () => {
    const long = "a".repeat(65);
    expect(lintRule({ ...CLEAN_TOOL, name: long }, "name-format").map((d) => d.message)).toEqual([
      `The tool name is 65 characters: shorten it to at most 64, e.g. "${"a".repeat(64)}" ${NAME_RULE}`,
    ]);
    expect(lintRule({ ...CLEAN_TOOL, name: "" }, "name-format").map((d) => d.message)).toEqual([
      `The tool name is empty: name it, e.g. "get_weather" ${NAME_RULE}`,
    ]);
    expect(lintRule({ ...CLEAN_TOOL, name: 7 }, "name-format").map((d) => d.message)).toEqual([
      `The tool has no \`name\` string: name it, e.g. "get_weather" ${NAME_RULE}`,
    ]);
  });

  it("accepts 64 characters of letters, digits, _ and -", () => {
    expect(lintRule({ ...CLEAN_TOOL, name: `Get-weather_2${"x".repeat(51)}` }, "name-format")).toEqual([]);
  });

  it("suggests a name from any text", () => {
    expect(suggestToolName("  héllo wörld! ")).toBe("h_llo_w_rld");
    expect(suggestToolName("!!!")).toBe("tool");
  });
});

describe("missing-tool-description", () => {
  const message =
    "The tool has no description: add one saying what the tool does, when to use it (and when not), what it returns and its limits — the model picks tools and fills arguments from it.";

  it("fires when the description is absent or blank", () => {
    const { description: _omitted, ...bare } = CLEAN_TOOL;
    expect(lintRule(bare, "missing-tool-description")).toEqual([
      { rule: "missing-tool-description", severity: "warning", path: "/description", message },
    ]);
    expect(lintRule({ ...CLEAN_TOOL, description: "  \n" }, "missing-tool-description")).toHaveLength(1);
  });

  it("does not fire for a one-word description (short-tool-description does)", () => {
    expect(lintRule({ ...CLEAN_TOOL, description: "Reads." }, "missing-tool-description")).toEqual([]);
  });
});

describe("short-tool-description", () => {
  it("fires under 20 words, saying the threshold and why", () => {
    expect(
      lintRule({ ...CLEAN_TOOL, description: "Read a file — quickly." }, "short-tool-description"),
    ).toEqual([
      {
        rule: "short-tool-description",
        severity: "warning",
        path: "/description",
        message:
          "The description has 4 words; write at least 20 (Anthropic recommends 3–4 sentences): the description is the prompt the model reads to choose the tool, so say what it does, when to use it and when not, what it returns and its limits.",
      },
    ]);
  });

  it("does not fire at exactly 20 words, nor when the description is missing", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `word${i}`).join(" ");
    expect(lintRule({ ...CLEAN_TOOL, description: twenty }, "short-tool-description")).toEqual([]);
    expect(lintRule({ ...CLEAN_TOOL, description: undefined }, "short-tool-description")).toEqual([]);
  });
});
