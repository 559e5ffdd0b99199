import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeValidationErrors } from "./hints";
import { arbitraryInstance, arbitrarySchema } from "./testing/arbitrary-schema";
import { validateInput, validateInputs } from "./validate";

const READ_FILE = {
  type: "object",
  properties: {
    path: { type: "string" },
    count: { type: "integer", minimum: 1 },
    mode: { enum: ["read", "write"] },
  },
  required: ["path"],
  additionalProperties: false,
};

describe("validateInput", () => {
  it("accepts a valid input with no errors", () => {
    expect(validateInput(READ_FILE, { path: "notes/todo.md", count: 2 })).toEqual({
      valid: true,
      errors: [],
    });
  });

  it("reports every problem with a JSON Pointer, a message and the keyword, in ajv's order", () => {
    expect(validateInput(READ_FILE, { count: "3", mode: "append", recursive: true })).toEqual({
      valid: false,
      errors: [
        { path: "/path", message: "`path` is required", keyword: "required" },
        { path: "/recursive", message: "unexpected property `recursive`", keyword: "additionalProperties" },
        { path: "/count", message: '`count` must be an integer, got string "3"', keyword: "type" },
        { path: "/mode", message: '`mode` must be one of "read", "write"', keyword: "enum" },
      ],
    });
  });

  it("escapes the pointer and quotes the name of an odd property", () => {
    expect(validateInput({ additionalProperties: false }, { "a/b~c": 1, "two words": 2 }).errors).toEqual([
      { path: "/a~1b~0c", message: 'unexpected property `["a/b~c"]`', keyword: "additionalProperties" },
      { path: "/two words", message: 'unexpected property `["two words"]`', keyword: "additionalProperties" },
    ]);
  });

  it("names the root when the input itself is wrong", () => {
    expect(validateInput(READ_FILE, ["notes"]).errors).toEqual([
      { path: "", message: "the input must be an object, got an array", keyword: "type" },
    ]);
  });

  it("turns an invalid schema into one error with the keyword schema", () => {
    expect(validateInput({ type: "text" }, { a: 1 })).toEqual({
      valid: false,
      errors: [
        {
          path: "",
          keyword: "schema",
          message:
            'the schema itself is invalid: `type` must be one of "array", "boolean", "integer", "null", "number", "object", "string"',
        },
      ],
    });
  });

  it("validates against a boolean schema", () => {
    expect(validateInput(true, 1)).toEqual({ valid: true, errors: [] });
    expect(validateInput(false, 1)).toEqual({
      valid: false,
      errors: [{ path: "", message: "the input is not allowed", keyword: "false schema" }],
    });
  });

  it("reports a draft-07 schema's errors by draft-07 rules", () => {
    const schema = { $schema: "http://json-schema.org/draft-07/schema#", dependencies: { a: ["b"] } };
    expect(validateInput(schema, { a: 1 }).errors).toEqual([
      { path: "/b", message: "`b` is required when `a` is present", keyword: "dependencies" },
    ]);
    expect(validateInput({ dependentRequired: { a: ["b"] } }, { a: 1 }).errors).toEqual([
      { path: "/b", message: "`b` is required when `a` is present", keyword: "dependentRequired" },
    ]);
  });
});

describe("long and deep inputs", () => {
  it("answers an input too deep for a recursive schema with an error, not a throw", () => {
    const deep = JSON.parse(`${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`) as unknown;
    expect(validateInput({ type: "object", properties: { a: { $ref: "#" } } }, deep)).toEqual({
      valid: false,
      errors: [
        {
          path: "",
          keyword: "validate",
          message: "the input could not be validated: Maximum call stack size exceeded",
        },
      ],
    });
  });

  it("explains every item of a long array, each union resolved on its own item", () => {
    const items = Array.from({ length: 20_000 }, (_, index) => index);
    const result = validateInput(
      { type: "array", items: { anyOf: [{ type: "string" }, { type: "boolean" }] } },
      items,
    );
    expect(result.errors).toHaveLength(20_000);
    expect(result.errors[19_999]).toEqual({
      path: "/19999",
      message: "`[19999]` must be a string or a boolean, got number 19999",
      keyword: "anyOf",
    });
  });
});

describe("validateInputs (the batch form)", () => {
  it("returns one verdict per input, in order, from one compiled validator", () => {
    expect(validateInputs(READ_FILE, [{ path: "a" }, {}, { path: 1 }])).toEqual([
      { valid: true, errors: [] },
      { valid: false, errors: [{ path: "/path", message: "`path` is required", keyword: "required" }] },
      {
        valid: false,
        errors: [{ path: "/path", message: "`path` must be a string, got number 1", keyword: "type" }],
      },
    ]);
  });

  it("gives every input the schema error when the schema is invalid", () => {
    const error = {
      path: "",
      keyword: "schema",
      message: "the schema itself is invalid: can't resolve reference #/$defs/gone from id #",
    };
    expect(validateInputs({ $ref: "#/$defs/gone" }, [1, 2])).toEqual([
      { valid: false, errors: [error] },
      { valid: false, errors: [error] },
    ]);
  });

  it("returns nothing for no inputs", () => {
    expect(validateInputs(READ_FILE, [])).toEqual([]);
  });
});

describe("validation never throws on odd schemas and inputs", () => {
  it.each([
    ["generated schemas", arbitrarySchema, arbitraryInstance],
    ["any JSON as a schema", fc.jsonValue(), fc.jsonValue()],
  ])("gives a consistent verdict for %s", (_name, schemas, inputs) => {
    fc.assert(
      fc.property(schemas, inputs, (schema, input) => {
        const result = validateInput(schema, input);
        expect(result.valid).toBe(result.errors.length === 0);
        for (const error of result.errors) {
          expect(error.path === "" || error.path.startsWith("/")).toBe(true);
          expect(error.message.length).toBeGreaterThan(0);
        }
        expect(describeValidationErrors(result.errors, input).split("\n").length).toBeLessThanOrEqual(6);
      }),
      { numRuns: 300 },
    );
  });
});
