import fc from "fast-check";

/** Property names the generated schemas and instances share, so properties actually meet. */
const NAMES = ["a", "b", "kind", "tags", "0"];

const smallValue = fc.oneof(
  fc.constantFrom(...NAMES, "", "3"),
  fc.integer({ min: -3, max: 3 }),
  fc.boolean(),
  fc.constant(null),
);

const leafSchema = fc.oneof(
  fc.record(
    {
      type: fc.oneof(
        fc.constantFrom("string", "integer", "number", "object", "array", "boolean", "null"),
        fc.constant(["string", "null"]),
      ),
      minimum: fc.integer({ min: -2, max: 2 }),
      maxLength: fc.nat(3),
      minItems: fc.nat(2),
      pattern: fc.constantFrom("^a", "[", "x+$"),
      format: fc.constantFrom("email", "uri", "date-time", "colour"),
    },
    { requiredKeys: ["type"] },
  ),
  fc.record({ enum: fc.uniqueArray(smallValue, { minLength: 1, maxLength: 3 }) }),
  fc.record({ const: smallValue }),
  fc.constant({ $ref: "#/$defs/leaf", $defs: { leaf: { type: "string", minLength: 1 } } }),
);

/**
 * JSON Schemas as tool authors write them, and odder: objects with required and closed
 * properties, arrays, tuples, unions (with `const` discriminators now and then), `not`,
 * constants, formats (known and not), regexes (valid and not), `$defs` references.
 */
export const arbitrarySchema: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leafSchema,
    fc.boolean(),
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(fc.constantFrom(...NAMES), tie("schema"), { maxKeys: 3 }),
        required: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 2 }),
        additionalProperties: fc.boolean(),
      },
      { requiredKeys: ["type", "properties"] },
    ),
    fc.record(
      { type: fc.constant("array"), items: tie("schema"), minItems: fc.nat(2) },
      { requiredKeys: ["type"] },
    ),
    fc.record({ prefixItems: fc.array(tie("schema"), { maxLength: 2 }), items: fc.boolean() }),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ not: tie("schema") }),
  ),
})).schema;

/** Instances built from the same names, so they hit the generated properties. */
export const arbitraryInstance: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom("", "a", "ada@example.com", "3", "2025-01-31T12:00:00Z"),
    fc.integer({ min: -3, max: 3 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...NAMES), tie("value"), { maxKeys: 3 }),
  ),
})).value;
