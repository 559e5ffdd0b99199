import { describe, expect, it } from "vitest";
import { compileSchema, countCachedSchemas, getAjv, SCHEMA_CACHE_SIZE } from "./ajv";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/** Compiles a schema the test expects to be valid and returns its validator. */
function compileValid(schema: unknown) {
  const compiled = compileSchema(schema);
  if (!compiled.ok) throw new Error(`expected a valid schema, got: ${compiled.error}`);
  return compiled.validate;
}

describe("draft-07 and 2020-12 differ where the drafts differ", () => {
  it("tuples: array-form items + additionalItems (draft-07) vs prefixItems + items (2020-12)", () => {
    const tuple07 = compileValid({ $schema: DRAFT_07, items: [{ type: "string" }], additionalItems: false });
    const tuple2020 = compileValid({ prefixItems: [{ type: "string" }], items: false });
    expect([tuple07(["a"]), tuple07(["a", 1]), tuple07([1])]).toEqual([true, false, false]);
    expect([tuple2020(["a"]), tuple2020(["a", 1]), tuple2020([1])]).toEqual([true, false, false]);
    // draft-07 does not know prefixItems (strict: false ignores it), so it constrains nothing there.
    expect(compileValid({ $schema: DRAFT_07, prefixItems: [{ type: "string" }], items: false })(["a"])).toBe(
      false,
    );
    expect(compileValid({ $schema: DRAFT_07, prefixItems: [{ type: "string" }] })([1])).toBe(true);
  });

  it("an array in items is an invalid schema under 2020-12", () => {
    expect(compileSchema({ items: [{ type: "string" }] })).toEqual({
      ok: false,
      error: "`items` must be an object or a boolean, got an array",
      dialect: "2020-12",
      notes: [],
    });
  });

  it("$defs and definitions both resolve through $ref, in either dialect", () => {
    const defs = { $defs: { n: { type: "integer" } }, properties: { a: { $ref: "#/$defs/n" } } };
    const definitions = {
      definitions: { n: { type: "integer" } },
      properties: { a: { $ref: "#/definitions/n" } },
    };
    for (const schema of [
      defs,
      definitions,
      { $schema: DRAFT_07, ...defs },
      { $schema: DRAFT_07, ...definitions },
    ]) {
      const validate = compileValid(schema);
      expect([validate({ a: 1 }), validate({ a: "1" })]).toEqual([true, false]);
    }
  });

  it("dependentRequired is a 2020-12 keyword; draft-07 spells it dependencies", () => {
    const needsB = { a: ["b"] };
    expect(compileValid({ dependentRequired: needsB })({ a: 1 })).toBe(false);
    expect(compileValid({ $schema: DRAFT_07, dependentRequired: needsB })({ a: 1 })).toBe(true);
    expect(compileValid({ $schema: DRAFT_07, dependencies: needsB })({ a: 1 })).toBe(false);
    expect(compileValid({ $schema: DRAFT_07, dependencies: needsB })({ a: 1, b: 2 })).toBe(true);
  });

  it("compiles on the instance of its dialect", () => {
    expect(compileSchema({ $schema: DRAFT_07 })).toMatchObject({ ok: true, dialect: "draft-07", notes: [] });
    expect(compileSchema({ $schema: "https://json-schema.org/draft/2020-12/schema" })).toMatchObject({
      ok: true,
      dialect: "2020-12",
    });
    expect(getAjv("draft-07")).not.toBe(getAjv("2020-12"));
    expect(getAjv()).toBe(getAjv("2020-12"));
  });
});

describe("formats (ajv-formats)", () => {
  it.each([
    ["email", "ada@example.com", "ada@"],
    ["uri", "https://example.com/a?b=c", "not a uri"],
    ["date-time", "2025-01-31T12:00:00Z", "2025-01-31"],
  ])("%s", (format, good, bad) => {
    const validate = compileValid({ type: "string", format });
    expect([validate(good), validate(bad)]).toEqual([true, false]);
  });

  it("ignores an unknown format instead of failing the schema (lint reports it)", () => {
    expect(compileValid({ type: "string", format: "colour" })("red")).toBe(true);
  });
});

describe("compileSchema's cache", () => {
  it("returns the same validator for the same schema with its keys in another order", () => {
    const one = compileSchema({
      type: "object",
      properties: { a: { type: "string", minLength: 1 } },
      required: ["a"],
    });
    const two = compileSchema({
      required: ["a"],
      properties: { a: { minLength: 1, type: "string" } },
      type: "object",
    });
    expect(one.ok && two.ok && one.validate === two.validate).toBe(true);
    const other = compileSchema({
      type: "object",
      properties: { a: { type: "string", minLength: 2 } },
      required: ["a"],
    });
    expect(other.ok && one.ok && other.validate !== one.validate).toBe(true);
  });

  it(`keeps at most ${SCHEMA_CACHE_SIZE} schemas, dropping the least recently used`, () => {
    const schemaNumber = (n: number) => ({ type: "integer", minimum: n, title: "bounded-cache-test" });
    const first = compileSchema(schemaNumber(0));
    let newest = first;
    for (let n = 1; n <= SCHEMA_CACHE_SIZE; n++) newest = compileSchema(schemaNumber(n));
    expect(countCachedSchemas()).toBe(SCHEMA_CACHE_SIZE);
    const newestAgain = compileSchema(schemaNumber(SCHEMA_CACHE_SIZE));
    expect(newest.ok && newestAgain.ok && newestAgain.validate === newest.validate).toBe(true);
    const again = compileSchema(schemaNumber(0));
    expect(again.ok && first.ok && again.validate !== first.validate).toBe(true);
    expect(countCachedSchemas()).toBe(SCHEMA_CACHE_SIZE);
    expect(again.ok && again.validate(0)).toBe(true);
  });
});

describe("an invalid schema is an error value, never a throw", () => {
  it.each([
    [
      { type: "foo" },
      '`type` must be one of "array", "boolean", "integer", "null", "number", "object", "string"',
    ],
    [{ properties: { x: { minimum: "a" } } }, '`properties.x.minimum` must be a number, got string "a"'],
    [{ $ref: "#/$defs/missing" }, "can't resolve reference #/$defs/missing from id #"],
    [{ $async: true, type: "string" }, "`$async` schemas are not supported (validation here is synchronous)"],
    [[{ type: "string" }], "a schema must be an object or a boolean, got an array"],
    ["string", 'a schema must be an object or a boolean, got string "string"'],
    [null, "a schema must be an object or a boolean, got null"],
  ])("%j", (schema, error) => {
    expect(compileSchema(schema)).toEqual({ ok: false, error, dialect: "2020-12", notes: [] });
  });

  it("counts the further problems of an invalid schema", () => {
    expect(compileSchema({ type: "foo", minLength: -1 })).toMatchObject({
      ok: false,
      error:
        '`type` must be one of "array", "boolean", "integer", "null", "number", "object", "string" (and 1 more)',
    });
  });

  it("refuses a schema that is not JSON", () => {
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic.properties = { self: cyclic };
    expect(compileSchema(cyclic)).toMatchObject({
      ok: false,
      error: "the schema could not be read: the value contains a cycle",
    });
  });

  it("refuses a schema nested too deeply to check", () => {
    const deep = JSON.parse(`${'{"not":'.repeat(5000)}{}${"}".repeat(5000)}`) as unknown;
    expect(compileSchema(deep)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Maximum call stack size exceeded$/),
    });
  });

  it("compiles boolean schemas", () => {
    expect([compileValid(true)(1), compileValid(false)(1)]).toEqual([true, false]);
  });

  it("compiles recursive schemas ($ref to the root and to $defs)", () => {
    const tree = compileValid({
      type: "object",
      properties: { child: { $ref: "#" } },
      additionalProperties: false,
    });
    expect([tree({ child: { child: {} } }), tree({ child: { child: { x: 1 } } })]).toEqual([true, false]);
    const list = compileValid({
      $defs: { node: { type: "object", properties: { next: { $ref: "#/$defs/node" } } } },
      $ref: "#/$defs/node",
    });
    expect([list({ next: { next: {} } }), list({ next: { next: 1 } })]).toEqual([true, false]);
  });

  it("carries the dialect's notes", () => {
    expect(
      compileSchema({ $schema: "https://json-schema.org/draft/2019-09/schema", type: "string" }),
    ).toMatchObject({
      ok: true,
      dialect: "2020-12",
      notes: [expect.stringMatching(/^draft 2019-09 is checked with the 2020-12 rules/)],
    });
  });

  it("lets two different schemas share one $id", () => {
    const asString = compileValid({ $id: "https://example.com/tool", type: "string" });
    const asNumber = compileValid({ $id: "https://example.com/tool", type: "number" });
    expect([asString("a"), asString(1), asNumber("a"), asNumber(1)]).toEqual([true, false, false, true]);
  });
});
