import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileSchema } from "./ajv";
import { arbitraryInstance, arbitrarySchema } from "./testing/arbitrary-schema";
import { selectFirstFailure } from "./union-branches";

const firstOnly = new Ajv2020({
  allErrors: false,
  verbose: true,
  strict: false,
  logger: false,
  addUsedSchema: false,
});
addFormats(firstOnly);

const outline = (
  errors: readonly { keyword: string; instancePath: string; schemaPath: string }[] | null | undefined,
) =>
  (errors ?? []).map(({ keyword, instancePath, schemaPath }) => `${keyword} ${instancePath} ${schemaPath}`);

/** Both validators' errors for the same schema and input, as comparable outlines; null if the schema is invalid. */
function compareErrors(schema: unknown, input: unknown) {
  const compiled = compileSchema(schema);
  if (!compiled.ok) return null;
  const validateFirst = firstOnly.compile(JSON.parse(JSON.stringify(schema)) as object);
  compiled.validate(input);
  validateFirst(input);
  return {
    selected: outline(selectFirstFailure(compiled.validate.errors ?? [])),
    expected: outline(validateFirst.errors),
  };
}

describe("selectFirstFailure reports what allErrors: false reports", () => {
  it("for a missing field in the branch a union's discriminator chose", () => {
    const schema = {
      type: "object",
      properties: {
        mock: {
          anyOf: [
            {
              type: "object",
              properties: { kind: { const: "static" }, result: {} },
              required: ["kind", "result"],
            },
            { type: "object", properties: { kind: { const: "echo" } }, required: ["kind"] },
          ],
        },
        name: { type: "string" },
      },
      additionalProperties: false,
    };
    const result = compareErrors(schema, { mock: { kind: "static" }, name: 1 });
    expect(result?.selected).toEqual(result?.expected);
    expect(result?.selected).toEqual([
      "required /mock #/properties/mock/anyOf/0/required",
      "const /mock/kind #/properties/mock/anyOf/1/properties/kind/const",
      "anyOf /mock #/properties/mock/anyOf",
    ]);
  });

  it("for a long array with an error in every item", () => {
    const schema = {
      type: "array",
      items: { type: "object", properties: { p: { anyOf: [{ type: "string" }] } } },
    };
    const result = compareErrors(
      schema,
      Array.from({ length: 20_000 }, (_, p) => ({ p })),
    );
    expect(result?.selected).toEqual([
      "type /0/p #/items/properties/p/anyOf/0/type",
      "anyOf /0/p #/items/properties/p/anyOf",
    ]);
    expect(result?.selected).toEqual(result?.expected);
  });

  it("for any schema and input", () => {
    fc.assert(
      fc.property(arbitrarySchema, arbitraryInstance, (schema, input) => {
        const result = compareErrors(schema, input);
        if (result) expect(result.selected).toEqual(result.expected);
      }),
      { numRuns: 500 },
    );
    // Each run compiles a fresh schema; on a loaded two-core machine that can pass 5 s.
  }, 60_000);
});
