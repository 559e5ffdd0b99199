import { describe, expect, it } from "vitest";
import { CLEAN_TOOL, lintRule, buildToolWithProperty, buildTool } from "./testing/lint-helpers";

const WHY = "fix it — providers reject such a schema and Toolscope cannot validate calls against it.";

describe("invalid-json-schema", () => {
  it("fires per meta-schema violation, at its path, under the schema's dialect", () => {
    expect(
      lintRule(buildToolWithProperty({ type: "strin", description: "x" }), "invalid-json-schema"),
    ).toEqual([
      {
        rule: "invalid-json-schema",
        severity: "error",
        path: "/input_schema/properties/path/type",
        message: `\`properties.path.type\` must be one of "array", "boolean", "integer", "null", "number", "object", "string" (JSON Schema 2020-12): ${WHY}`,
      },
    ]);
    const draft07 = {
      ...CLEAN_TOOL.input_schema,
      $schema: "http://json-schema.org/draft-07/schema#",
      required: "path",
    };
    expect(lintRule(buildTool(draft07), "invalid-json-schema").map((d) => [d.path, d.message])).toEqual([
      [
        "/input_schema/required",
        `\`required\` must be an array, got string "path" (JSON Schema draft-07): ${WHY}`,
      ],
    ]);
  });

  it("fires when a valid-looking schema does not compile", () => {
    const broken = {
      ...CLEAN_TOOL.input_schema,
      properties: { path: { $ref: "#/$defs/nowhere", description: "x" } },
    };
    expect(lintRule(buildTool(broken), "invalid-json-schema").map((d) => [d.path, d.message])).toEqual([
      [
        "/input_schema",
        `The schema does not compile: can't resolve reference #/$defs/nowhere from id # (JSON Schema 2020-12): ${WHY}`,
      ],
    ]);
  });

  it("does not fire for a valid schema, nor for one that is not an object (top-level-object does)", () => {
    expect(lintRule(CLEAN_TOOL, "invalid-json-schema")).toEqual([]);
    expect(lintRule(buildTool("object"), "invalid-json-schema")).toEqual([]);
  });
});

describe("top-level-object", () => {
  it("fires for a schema that is not an object, has no type, or another type", () => {
    expect(lintRule(buildTool(["path"]), "top-level-object")).toEqual([
      {
        rule: "top-level-object",
        severity: "error",
        path: "/input_schema",
        message:
          'input_schema must be an object schema, got an array: put the parameters under "properties" of {"type": "object", "properties": {…}}.',
      },
    ]);
    const { type: _type, ...untyped } = CLEAN_TOOL.input_schema;
    expect(lintRule(buildTool(untyped), "top-level-object").map((d) => d.message)).toEqual([
      'input_schema has no "type": add "type": "object" — Anthropic and OpenAI take tool input only as an object.',
    ]);
    expect(
      lintRule(buildTool({ type: "string" }), "top-level-object").map((d) => [d.path, d.message]),
    ).toEqual([
      [
        "/input_schema/type",
        'input_schema has "type": "string", but tool input must be an object: set it to "object" and put the parameters under "properties" of {"type": "object", "properties": {…}}.',
      ],
    ]);
  });

  it("does not fire for type object", () => {
    expect(lintRule(buildTool({ type: "object" }), "top-level-object")).toEqual([]);
  });
});

describe("required-unknown", () => {
  it("fires for a required name with no property, suggesting a near one", () => {
    const schema = { ...CLEAN_TOOL.input_schema, required: ["pth", "mode"] };
    expect(lintRule(buildTool(schema), "required-unknown")).toEqual([
      {
        rule: "required-unknown",
        severity: "error",
        path: "/input_schema/required/0",
        message:
          '"pth" is required but not defined in `properties`: rename it to "path" if that is the property meant, or add a "pth" property with its type and description.',
      },
      {
        rule: "required-unknown",
        severity: "error",
        path: "/input_schema/required/1",
        message:
          '"mode" is required but not defined in `properties`: add a "mode" property with its type and description.',
      },
    ]);
  });

  it("does not fire for defined names, nor in a schema without properties (an anyOf branch)", () => {
    expect(lintRule(CLEAN_TOOL, "required-unknown")).toEqual([]);
    const branches = { ...CLEAN_TOOL.input_schema, anyOf: [{ required: ["path"] }, { required: ["url"] }] };
    expect(lintRule(buildTool(branches), "required-unknown")).toEqual([]);
  });
});

describe("unknown-keyword", () => {
  it("fires for typos with the nearest keyword, and for other keys without one", () => {
    const schema = {
      ...CLEAN_TOOL.input_schema,
      require: ["path"],
      properties: { path: { type: "string", descripton: "x", colour: 1 } },
    };
    expect(lintRule(buildTool(schema), "unknown-keyword")).toEqual([
      {
        rule: "unknown-keyword",
        severity: "warning",
        path: "/input_schema/properties/path/colour",
        message:
          '"colour" is not a JSON Schema keyword, so validators ignore it: remove it, or name it "x-colour" if it is your own annotation (a property belongs under "properties").',
      },
      {
        rule: "unknown-keyword",
        severity: "warning",
        path: "/input_schema/properties/path/descripton",
        message:
          '"descripton" is not a JSON Schema keyword, so validators ignore it: did you mean "description"? Rename it.',
      },
      {
        rule: "unknown-keyword",
        severity: "warning",
        path: "/input_schema/require",
        message:
          '"require" is not a JSON Schema keyword, so validators ignore it: did you mean "required"? Rename it.',
      },
    ]);
  });

  it("does not fire for keywords, annotations, x- extensions, or names inside properties, enum and default", () => {
    const schema = {
      ...CLEAN_TOOL.input_schema,
      $comment: "c",
      "x-internal": true,
      properties: {
        path: {
          type: "string",
          description: "p",
          nullable: true,
          example: "a",
          enum: [{ propertes: 1 }],
          default: { requird: 1 },
        },
        propertes: { type: "string", description: "a property named like a typo" },
      },
    };
    expect(lintRule(buildTool(schema), "unknown-keyword")).toEqual([]);
  });
});
