import { describe, expect, it } from "vitest";
import { CLEAN_TOOL, lintRule, buildToolWithProperty, buildTool } from "./testing/lint-helpers";

const DESCRIBED = { description: "The value." };

describe("default-invalid", () => {
  it("fires for a default its own subschema rejects, $defs references included", () => {
    expect(
      lintRule(
        buildToolWithProperty({ ...DESCRIBED, type: "integer", minimum: 1, default: 0 }),
        "default-invalid",
      ),
    ).toEqual([
      {
        rule: "default-invalid",
        severity: "warning",
        path: "/input_schema/properties/path/default",
        message:
          "The default 0 does not match its own schema (the default must be at least 1, got 0): change it to a value the schema accepts, or remove it.",
      },
    ]);
    const viaDefs = {
      ...CLEAN_TOOL.input_schema,
      $defs: { unit: { enum: ["c", "f"] } },
      properties: { path: { ...DESCRIBED, $ref: "#/$defs/unit", default: "k" } },
    };
    expect(lintRule(buildTool(viaDefs), "default-invalid").map((d) => d.message)).toEqual([
      'The default "k" does not match its own schema (the default must be one of "c", "f"): change it to a value the schema accepts, or remove it.',
    ]);
  });

  it("does not fire for a valid default, nor where the subschema refers outside $defs", () => {
    expect(
      lintRule(
        buildToolWithProperty({ ...DESCRIBED, type: "integer", minimum: 1, default: 1 }),
        "default-invalid",
      ),
    ).toEqual([]);
    expect(
      lintRule(buildToolWithProperty({ ...DESCRIBED, $ref: "#", default: 3 }), "default-invalid"),
    ).toEqual([]);
  });
});

describe("examples-invalid", () => {
  it("fires for each example its own subschema rejects", () => {
    expect(
      lintRule(
        buildToolWithProperty({ ...DESCRIBED, type: "string", pattern: "^ord_", examples: ["ord_1", 7] }),
        "examples-invalid",
      ),
    ).toEqual([
      {
        rule: "examples-invalid",
        severity: "warning",
        path: "/input_schema/properties/path/examples/1",
        message:
          "The example 7 does not match its own schema (the example must be a string, got number 7): fix it or remove it — models copy examples.",
      },
    ]);
  });

  it("does not fire for valid examples", () => {
    expect(
      lintRule(
        buildToolWithProperty({ ...DESCRIBED, type: "string", examples: ["a", "b"] }),
        "examples-invalid",
      ),
    ).toEqual([]);
  });
});

describe("enum-type-mismatch", () => {
  it("fires for enum values of no declared type, saying how to write them", () => {
    expect(
      lintRule(
        buildToolWithProperty({ ...DESCRIBED, type: "integer", enum: [1, "2", 2.5, null] }),
        "enum-type-mismatch",
      ),
    ).toEqual([
      {
        rule: "enum-type-mismatch",
        severity: "warning",
        path: "/input_schema/properties/path/enum/1",
        message:
          'The enum value "2" is a string, not an integer, so no input can match it: write it as 2 (no quotes).',
      },
      {
        rule: "enum-type-mismatch",
        severity: "warning",
        path: "/input_schema/properties/path/enum/2",
        message:
          'The enum value 2.5 is a number, not an integer, so no input can match it: change it to an integer, or add its type to "type".',
      },
      {
        rule: "enum-type-mismatch",
        severity: "warning",
        path: "/input_schema/properties/path/enum/3",
        message:
          'The enum value null is null, not an integer, so no input can match it: change it to an integer, or add its type to "type".',
      },
    ]);
  });

  it("does not fire when every value fits one of the types, or no type is declared", () => {
    expect(
      lintRule(
        buildToolWithProperty({ ...DESCRIBED, type: ["string", "null"], enum: ["c", null] }),
        "enum-type-mismatch",
      ),
    ).toEqual([]);
    expect(
      lintRule(buildToolWithProperty({ ...DESCRIBED, type: "number", enum: [1, 2.5] }), "enum-type-mismatch"),
    ).toEqual([]);
    expect(lintRule(buildToolWithProperty({ ...DESCRIBED, enum: ["c", 1] }), "enum-type-mismatch")).toEqual(
      [],
    );
  });
});

describe("missing-property-description", () => {
  it("fires for each property without a description, nested ones included", () => {
    const schema = {
      ...CLEAN_TOOL.input_schema,
      properties: { path: { type: "object", description: "  ", properties: { depth: { type: "integer" } } } },
    };
    expect(lintRule(buildTool(schema), "missing-property-description")).toEqual([
      {
        rule: "missing-property-description",
        severity: "warning",
        path: "/input_schema/properties/path",
        message:
          'Property "path" has no description: add one saying what the value means, its format or units, and an example — the model fills arguments from it.',
      },
      {
        rule: "missing-property-description",
        severity: "warning",
        path: "/input_schema/properties/path/properties/depth",
        message:
          'Property "depth" has no description: add one saying what the value means, its format or units, and an example — the model fills arguments from it.',
      },
    ]);
  });

  it("does not fire for a described property, or one whose $ref target is described", () => {
    expect(lintRule(CLEAN_TOOL, "missing-property-description")).toEqual([]);
    const schema = {
      ...CLEAN_TOOL.input_schema,
      $defs: { path: { type: "string", description: "Workspace-relative path." } },
      properties: { path: { $ref: "#/$defs/path" } },
    };
    expect(lintRule(buildTool(schema), "missing-property-description")).toEqual([]);
  });
});
