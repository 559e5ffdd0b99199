import { describe, expect, it } from "vitest";
import { CLEAN_TOOL, lintRule } from "./testing/lint-helpers";

const STRICT_TOOL = { ...CLEAN_TOOL, strict: true };

describe("anthropic-strict-additional-properties", () => {
  it("fires for an open object when the tool is strict, for anthropic only", () => {
    const tool = { ...STRICT_TOOL, input_schema: { ...CLEAN_TOOL.input_schema, additionalProperties: {} } };
    expect(lintRule(tool, "anthropic-strict-additional-properties")).toEqual([
      {
        rule: "anthropic-strict-additional-properties",
        severity: "error",
        path: "/input_schema/additionalProperties",
        message:
          'Anthropic strict tool use needs "additionalProperties": false on every object schema: set it to false.',
        provider: "anthropic",
      },
    ]);
    expect(lintRule(tool, "anthropic-strict-additional-properties", ["openai"])).toEqual([]);
  });

  it("does not fire when the tool is not strict", () => {
    const tool = { ...CLEAN_TOOL, input_schema: { ...CLEAN_TOOL.input_schema, additionalProperties: true } };
    expect(lintRule(tool, "anthropic-strict-additional-properties")).toEqual([]);
  });
});

describe("anthropic-strict-unsupported-keyword", () => {
  const path = {
    type: "array",
    description: "p",
    minItems: 2,
    maxItems: 5,
    items: { type: "string", maxLength: 9, enum: ["a", { b: 1 }] },
  };
  const tool = {
    ...STRICT_TOOL,
    input_schema: {
      ...CLEAN_TOOL.input_schema,
      properties: { path, n: { $ref: "https://example.com/n.json" } },
    },
  };

  it("fires for numeric, string and array constraints, external $ref and complex enum values", () => {
    expect(lintRule(tool, "anthropic-strict-unsupported-keyword").map((d) => [d.path, d.message])).toEqual([
      [
        "/input_schema/properties/n/$ref",
        'Anthropic strict tool use does not support a "$ref" outside the schema ("https://example.com/n.json"): move the referenced schema into "$defs".',
      ],
      [
        "/input_schema/properties/path/items/enum/1",
        "Anthropic strict tool use does not support objects or arrays in an enum: use strings, numbers, booleans or null.",
      ],
      [
        "/input_schema/properties/path/items/maxLength",
        'Anthropic strict tool use does not support string constraints ("maxLength"): remove it and state the limit in the description.',
      ],
      [
        "/input_schema/properties/path/maxItems",
        'Anthropic strict tool use does not support array constraints beyond minItems of 0 or 1 ("maxItems"): remove it and state the limit in the description.',
      ],
      [
        "/input_schema/properties/path/minItems",
        'Anthropic strict tool use does not support "minItems" other than 0 or 1: use 0 or 1, and state the limit in the description.',
      ],
    ]);
    expect(new Set(lintRule(tool, "anthropic-strict-unsupported-keyword").map((d) => d.provider))).toEqual(
      new Set(["anthropic"]),
    );
  });

  it("does not fire for minItems 1, local $ref, or a tool that is not strict", () => {
    const fine = {
      ...STRICT_TOOL,
      input_schema: {
        ...CLEAN_TOOL.input_schema,
        $defs: { p: { type: "string" } },
        properties: { path: { type: "array", description: "p", minItems: 1, items: { $ref: "#/$defs/p" } } },
      },
    };
    expect(lintRule(fine, "anthropic-strict-unsupported-keyword")).toEqual([]);
    expect(lintRule({ ...tool, strict: false }, "anthropic-strict-unsupported-keyword")).toEqual([]);
  });
});
