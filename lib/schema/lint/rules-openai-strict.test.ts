import { describe, expect, it } from "vitest";
import { checkOpenAiStrictLimits } from "./rules-openai-limits";
import { collectSchemaNodes } from "./schema-walk";
import { CLEAN_TOOL, lintRule, buildToolWithProperty, buildTool } from "./testing/lint-helpers";

const STRICT = ["openai-strict"] as const;

describe("openai-strict-additional-properties", () => {
  it("fires for every object schema without additionalProperties: false, with the provider", () => {
    const schema = {
      ...CLEAN_TOOL.input_schema,
      additionalProperties: true,
      properties: { path: { type: "object", description: "p", properties: {} } },
    };
    expect(lintRule(buildTool(schema), "openai-strict-additional-properties")).toEqual([
      {
        rule: "openai-strict-additional-properties",
        severity: "error",
        path: "/input_schema/additionalProperties",
        message:
          'OpenAI strict mode needs "additionalProperties": false on every object schema: set it to false.',
        provider: "openai-strict",
      },
      {
        rule: "openai-strict-additional-properties",
        severity: "error",
        path: "/input_schema/properties/path",
        message:
          'OpenAI strict mode needs "additionalProperties": false on every object schema: add it here.',
        provider: "openai-strict",
      },
    ]);
  });

  it("does not fire for closed objects, nor unless openai-strict is chosen", () => {
    expect(lintRule(CLEAN_TOOL, "openai-strict-additional-properties")).toEqual([]);
    const open = buildTool({ ...CLEAN_TOOL.input_schema, additionalProperties: true });
    expect(lintRule(open, "openai-strict-additional-properties", ["anthropic", "openai"])).toEqual([]);
  });
});

describe("openai-strict-all-required", () => {
  it("fires for each property missing from required, suggesting a null union", () => {
    expect(
      lintRule(buildTool({ ...CLEAN_TOOL.input_schema, required: [] }), "openai-strict-all-required", STRICT),
    ).toEqual([
      {
        rule: "openai-strict-all-required",
        severity: "error",
        path: "/input_schema/properties/path",
        message:
          'OpenAI strict mode needs every property in "required": add "path" to "required"; to keep it optional, let it be null too (e.g. "type": ["string", "null"]).',
        provider: "openai-strict",
      },
    ]);
  });

  it("does not fire when every property is required", () => {
    expect(
      lintRule(
        buildToolWithProperty({ type: ["string", "null"], description: "p" }),
        "openai-strict-all-required",
      ),
    ).toEqual([]);
  });
});

describe("openai-strict-unsupported-keyword", () => {
  it("fires for allOf, not, dependentRequired, dependentSchemas, if/then/else and oneOf", () => {
    const schema = {
      ...CLEAN_TOOL.input_schema,
      if: { required: ["path"] },
      then: {},
      properties: { path: { description: "p", oneOf: [{ type: "string" }], not: { const: "" } } },
    };
    expect(
      lintRule(buildTool(schema), "openai-strict-unsupported-keyword").map((d) => [d.path, d.message]),
    ).toEqual([
      [
        "/input_schema/if",
        'OpenAI strict mode does not support "if": remove if/then/else and use anyOf of the alternatives, or check in the tool.',
      ],
      [
        "/input_schema/properties/path/not",
        'OpenAI strict mode does not support "not": remove it and check the value in the tool.',
      ],
      [
        "/input_schema/properties/path/oneOf",
        'OpenAI strict mode does not support "oneOf": use anyOf instead.',
      ],
      [
        "/input_schema/then",
        'OpenAI strict mode does not support "then": remove if/then/else and use anyOf of the alternatives, or check in the tool.',
      ],
    ]);
  });

  it("does not fire for anyOf, $defs and $ref, or supported constraints", () => {
    const schema = {
      ...CLEAN_TOOL.input_schema,
      $defs: { p: { type: "string", pattern: "^a", format: "date" } },
      properties: { path: { description: "p", anyOf: [{ $ref: "#/$defs/p" }, { type: "null" }] } },
    };
    expect(lintRule(buildTool(schema), "openai-strict-unsupported-keyword")).toEqual([]);
  });
});

describe("openai-strict-root-anyof", () => {
  it("fires for anyOf at the root", () => {
    const schema = { ...CLEAN_TOOL.input_schema, anyOf: [{ required: ["path"] }] };
    expect(lintRule(buildTool(schema), "openai-strict-root-anyof")).toEqual([
      {
        rule: "openai-strict-root-anyof",
        severity: "error",
        path: "/input_schema/anyOf",
        message:
          'OpenAI strict mode rejects "anyOf" at the root: make the root one object whose properties cover every case (e.g. a "kind" enum and nullable fields), and keep anyOf for nested values.',
        provider: "openai-strict",
      },
    ]);
  });

  it("does not fire for a nested anyOf", () => {
    expect(
      lintRule(
        buildToolWithProperty({ description: "p", anyOf: [{ type: "string" }, { type: "null" }] }),
        "openai-strict-root-anyof",
      ),
    ).toEqual([]);
  });
});

describe("openai-strict-limits", () => {
  /** Objects nested `levels` deep (the root is level 1), each closed and fully required. */
  function nest(levels: number): Record<string, unknown> {
    let schema: Record<string, unknown> = { type: "string", description: "leaf" };
    for (let level = levels; level >= 1; level -= 1) {
      schema = {
        type: "object",
        description: "d",
        properties: { n: schema },
        required: ["n"],
        additionalProperties: false,
      };
    }
    return schema;
  }

  it("fires past 10 levels of nesting, 1000 enum values and a large string enum", () => {
    const deep = lintRule(buildTool(nest(11)), "openai-strict-limits");
    expect(deep.map((d) => [d.path, d.message])).toEqual([
      [
        `/input_schema${"/properties/n".repeat(10)}`,
        "Objects nest 11 levels deep here; OpenAI strict mode allows at most 10: flatten the schema.",
      ],
    ]);
    const values = Array.from({ length: 1001 }, (_, i) => `value-number-${String(i).padStart(5, "0")}`);
    expect(
      lintRule(
        buildToolWithProperty({ type: "string", description: "p", enum: values }),
        "openai-strict-limits",
      ).map((d) => [d.path, d.message]),
    ).toEqual([
      [
        "/input_schema",
        "The schema has 1001 enum values; OpenAI strict mode allows at most 1000: shorten the enums or take free text.",
      ],
      [
        "/input_schema/properties/path/enum",
        "This enum has 1001 string values totalling 18018 characters; OpenAI strict mode allows at most 15000 characters when an enum has more than 250 values: shorten or split it.",
      ],
    ]);
  });

  it("fires past 5000 properties (checked alone: ajv takes seconds to compile such a schema)", () => {
    const properties = Object.fromEntries(
      Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: "string", description: "d" }]),
    );
    const schema = {
      type: "object",
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
    };
    const context = { tool: { input_schema: schema }, schema, nodes: collectSchemaNodes(schema) };
    expect(checkOpenAiStrictLimits(context)).toEqual([
      {
        path: "/input_schema",
        message:
          "The schema has 5001 object properties; OpenAI strict mode allows at most 5000: split the tool or flatten the schema.",
      },
    ]);
  });

  it("does not fire at exactly 10 levels", () => {
    expect(lintRule(buildTool(nest(10)), "openai-strict-limits")).toEqual([]);
  });
});
