import { describe, expect, it } from "vitest";
import { compileSchema } from "./ajv";
import {
  describeValidationErrors,
  HINT_ADD_FIELDS,
  HINT_BROKEN_SCHEMA,
  HINT_FIX_FIELDS,
  hintForValidation,
} from "./hints";
import { validateInput } from "./validate";

/** Validates with the app's own validator and describes what it found. */
function describeFor(schema: unknown, input: unknown): string {
  const compiled = compileSchema(schema);
  if (!compiled.ok) throw new Error(compiled.error);
  compiled.validate(input);
  return describeValidationErrors(compiled.validate.errors ?? [], input);
}

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...extra,
});

describe("describeValidationErrors: one line per problem, for the model", () => {
  it.each([
    ["required", object({ path: { type: "string" } }, { required: ["path"] }), {}, "`path` is required"],
    [
      "type",
      object({ count: { type: "integer" } }),
      { count: "3" },
      '`count` must be an integer, got string "3"',
    ],
    [
      "enum",
      object({ mode: { enum: ["read", "write"] } }),
      { mode: "x" },
      '`mode` must be one of "read", "write"',
    ],
    [
      "additionalProperties",
      object({ path: { type: "string" } }, { additionalProperties: false }),
      { path: "a", recursive: true },
      "unexpected property `recursive`",
    ],
    [
      "minItems",
      object({ items: { type: "array", minItems: 1 } }),
      { items: [] },
      "`items` must have at least 1 item",
    ],
    [
      "maxLength",
      object({ name: { type: "string", maxLength: 64 } }),
      { name: "x".repeat(65) },
      "`name` must be at most 64 characters",
    ],
    [
      "format",
      object({ email: { type: "string", format: "email" } }),
      { email: "ada@" },
      "`email` must be a valid email",
    ],
    [
      "a nested field",
      object({ filter: object({ tags: { type: "array", items: { type: "string" } } }) }),
      { filter: { tags: ["a", "b", 3] } },
      "`filter.tags[2]` must be a string, got number 3",
    ],
    [
      "a type list",
      object({ note: { type: ["string", "null"] } }),
      { note: 1 },
      "`note` must be a string or null, got number 1",
    ],
    [
      "minimum",
      object({ count: { type: "integer", minimum: 1 } }),
      { count: 0 },
      "`count` must be at least 1, got 0",
    ],
    [
      "exclusiveMaximum",
      object({ ratio: { exclusiveMaximum: 1 } }),
      { ratio: 1 },
      "`ratio` must be less than 1, got 1",
    ],
    ["multipleOf", object({ step: { multipleOf: 5 } }), { step: 7 }, "`step` must be a multiple of 5"],
    [
      "pattern",
      object({ id: { pattern: "^[a-z]+$" } }),
      { id: "A1" },
      '`id` must match the pattern "^[a-z]+$"',
    ],
    ["const", object({ version: { const: 2 } }), { version: 1 }, "`version` must be 2"],
    [
      "minProperties",
      object({ patch: { type: "object", minProperties: 1 } }),
      { patch: {} },
      "`patch` must have at least 1 property",
    ],
    [
      "uniqueItems",
      object({ tags: { uniqueItems: true } }),
      { tags: ["a", "b", "a"] },
      "`tags` must not contain duplicates (items 0 and 2 are equal)",
    ],
    [
      "contains",
      object({ ids: { contains: { type: "integer" } } }),
      { ids: ["a"] },
      "`ids` must contain at least 1 matching item",
    ],
    [
      "not",
      object({ path: { not: { const: "/" } } }),
      { path: "/" },
      "`path` must not match the excluded shape",
    ],
    ["a false schema", object({ legacy: false }), { legacy: 1 }, "`legacy` is not allowed"],
    [
      "unevaluatedProperties",
      object({ a: {} }, { unevaluatedProperties: false }),
      { a: 1, b: 2 },
      "unexpected property `b`",
    ],
    [
      "dependentRequired",
      { dependentRequired: { start: ["end"] } },
      { start: 1 },
      "`end` is required when `start` is present",
    ],
    [
      "propertyNames",
      { propertyNames: { pattern: "^[a-z]+$" } },
      { ok: 1, Bad: 2 },
      'property name "Bad" is not allowed',
    ],
    [
      "if/then, without the if noise",
      { if: object({ kind: { const: "file" } }), then: { required: ["path"] } },
      { kind: "file" },
      "`path` is required",
    ],
    ["the root", object({}), "notes", 'the input must be an object, got string "notes"'],
  ])("%s", (_keyword, schema, input, expected) => {
    expect(describeFor(schema, input)).toBe(expected);
  });

  it("lists each problem on its own line, in ajv's order", () => {
    const schema = object(
      { count: { type: "integer" } },
      { required: ["path"], additionalProperties: false },
    );
    expect(describeFor(schema, { count: "3", recursive: true })).toBe(
      [
        "`path` is required",
        "unexpected property `recursive`",
        '`count` must be an integer, got string "3"',
      ].join("\n"),
    );
  });

  it("lists at most 5 problems, then how many more", () => {
    const schema = { required: ["a", "b", "c", "d", "e", "f", "g"] };
    expect(describeFor(schema, {})).toBe(
      [
        "`a` is required",
        "`b` is required",
        "`c` is required",
        "`d` is required",
        "`e` is required",
        "… and 2 more",
      ].join("\n"),
    );
  });

  it("is empty when there is nothing wrong", () => {
    expect(describeValidationErrors([], {})).toBe("");
  });
});

describe("describeValidationErrors: anyOf / oneOf without ajv's noise", () => {
  const mock = {
    oneOf: [
      object({ kind: { const: "static" }, result: {} }, { required: ["kind", "result"] }),
      object({ kind: { const: "echo" } }, { required: ["kind"] }),
    ],
  };

  it.each([
    ["follows the branch a const discriminator chose", mock, { kind: "static" }, "`result` is required"],
    ["names an unknown discriminator value", mock, { kind: "ask" }, '`kind` must be one of "static", "echo"'],
    ["names a missing discriminator", mock, {}, "`kind` is required"],
    [
      "lists the constants of a union of constants",
      { anyOf: [{ const: "a" }, { enum: ["b", "c"] }] },
      "d",
      'the input must be one of "a", "b", "c"',
    ],
    [
      "names the types when no branch has the value's type",
      { anyOf: [{ type: "string" }, { type: "number" }] },
      true,
      "the input must be a string or a number, got boolean true",
    ],
    [
      "follows the only branch of the value's type",
      object({ at: { anyOf: [{ type: "string" }, object({ line: { type: "integer" } })] } }),
      { at: { line: "7" } },
      '`at.line` must be an integer, got string "7"',
    ],
    [
      "follows a $ref branch",
      {
        $defs: { range: object({ end: { type: "integer" } }, { required: ["end"] }) },
        anyOf: [{ $ref: "#/$defs/range" }, { type: "string" }],
      },
      {},
      "`end` is required",
    ],
    [
      "says so when nothing is better",
      { anyOf: [{ required: ["id"] }, { required: ["name"] }] },
      {},
      "the input must match one of the allowed shapes",
    ],
    [
      "says when a oneOf matches twice",
      { oneOf: [{ type: "number" }, { type: "integer" }] },
      3,
      "the input must match exactly one of the allowed shapes, but matches 2",
    ],
  ])("%s", (_behaviour, schema, input, expected) => {
    expect(describeFor(schema, input)).toBe(expected);
  });

  it("deduplicates the same problem reported by several branches", () => {
    const schema = {
      anyOf: [
        object({ a: { type: "string" } }, { required: ["id"] }),
        object({ a: { type: "string" } }, { required: ["id"] }),
      ],
    };
    expect(describeFor(schema, { a: 1 })).toBe("the input must match one of the allowed shapes");
    expect(describeFor({ allOf: [{ required: ["id"] }, { required: ["id"] }] }, {})).toBe("`id` is required");
  });
});

describe("describeValidationErrors on validateInput's errors", () => {
  it("summarizes errors already explained the same way", () => {
    const schema = object({ count: { type: "integer" } }, { required: ["path"] });
    expect(describeValidationErrors(validateInput(schema, { count: "3" }).errors, { count: "3" })).toBe(
      '`path` is required\n`count` must be an integer, got string "3"',
    );
  });

  it("gives the same text for ajv's raw errors and for validateInput's", () => {
    const schema = {
      oneOf: [object({ kind: { const: "a" } }), object({ kind: { const: "b" } })],
      required: ["a", "b", "c", "d", "e", "f"],
    };
    const input = { kind: "c" };
    expect(describeFor(schema, input)).toBe(
      [
        '`kind` must be one of "a", "b"',
        "`a` is required",
        "`b` is required",
        "`c` is required",
        "`d` is required",
        "… and 2 more",
      ].join("\n"),
    );
    expect(describeValidationErrors(validateInput(schema, input).errors, input)).toBe(
      describeFor(schema, input),
    );
  });
});

describe("hintForValidation", () => {
  it("tells the model what to resend, and that nothing ran", () => {
    expect(hintForValidation([{ keyword: "type" }, { keyword: "required" }])).toBe(HINT_FIX_FIELDS);
    expect(HINT_FIX_FIELDS).toBe("Resend the call with the fields fixed; nothing ran.");
    expect(hintForValidation([{ keyword: "required" }, { keyword: "dependentRequired" }])).toBe(
      "Resend the call with the missing fields added; nothing ran.",
    );
    expect(hintForValidation([{ keyword: "dependencies" }])).toBe(HINT_ADD_FIELDS);
    expect(hintForValidation([])).toBe(HINT_FIX_FIELDS);
  });

  it("says not to retry when the tool's own schema is invalid", () => {
    expect(hintForValidation(validateInput({ type: "text" }, {}).errors)).toBe(
      "The tool's input_schema is itself invalid, so no arguments can pass it; nothing ran. Do not retry this tool; tell the person it is misconfigured.",
    );
    expect(HINT_BROKEN_SCHEMA).not.toBe(HINT_ADD_FIELDS);
  });
});
