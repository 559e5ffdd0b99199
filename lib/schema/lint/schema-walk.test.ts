import { describe, expect, it } from "vitest";
import { collectSchemaNodes, isObjectSchema, MAX_WALK_DEPTH } from "./schema-walk";

describe("collectSchemaNodes", () => {
  it("visits every object subschema in document order, with pointers and property names", () => {
    const schema = {
      type: "object",
      properties: { "a/b": { type: "array", items: { type: "string" } }, c: true },
      anyOf: [{ required: ["c"] }],
      $defs: { d: { enum: [{ type: "object" }] } },
      default: { properties: {} },
    };
    expect(
      collectSchemaNodes(schema).map((n) => [n.pointer, n.via, n.propertyName ?? null, n.objectDepth]),
    ).toEqual([
      ["/input_schema", null, null, 0],
      ["/input_schema/properties/a~1b", "properties", "a/b", 1],
      ["/input_schema/properties/a~1b/items", "items", null, 1],
      ["/input_schema/anyOf/0", "anyOf", null, 1],
      ["/input_schema/$defs/d", "$defs", null, 1],
    ]);
  });

  it("walks draft-07 tuple items and dependencies, and nothing in a non-object", () => {
    const schema = { items: [{ type: "string" }], dependencies: { a: ["b"], c: { required: ["d"] } } };
    expect(collectSchemaNodes(schema, "").map((n) => n.pointer)).toEqual(["", "/items/0", "/dependencies/c"]);
    expect(collectSchemaNodes([{ type: "object" }])).toEqual([]);
  });

  it(`stops descending at depth ${MAX_WALK_DEPTH}`, () => {
    let deep: unknown = {};
    for (let i = 0; i < MAX_WALK_DEPTH + 50; i += 1) deep = { not: deep };
    expect(collectSchemaNodes(deep)).toHaveLength(MAX_WALK_DEPTH + 1);
  });
});

describe("isObjectSchema", () => {
  it("is true for type object (alone or in a list) or untyped properties", () => {
    expect(isObjectSchema({ type: "object" })).toBe(true);
    expect(isObjectSchema({ type: ["object", "null"] })).toBe(true);
    expect(isObjectSchema({ properties: {} })).toBe(true);
    expect(isObjectSchema({ type: "string", properties: {} })).toBe(false);
  });
});
