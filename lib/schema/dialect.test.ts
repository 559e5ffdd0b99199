import { describe, expect, it } from "vitest";
import { chooseDialect } from "./dialect";

describe("chooseDialect picks the rules by $schema", () => {
  it.each([
    [undefined, "2020-12"],
    ["https://json-schema.org/draft/2020-12/schema", "2020-12"],
    ["https://json-schema.org/draft/2020-12/schema#", "2020-12"],
    ["http://json-schema.org/draft-07/schema#", "draft-07"],
    ["http://json-schema.org/draft-07/schema", "draft-07"],
    ["https://json-schema.org/draft-07/schema#", "draft-07"],
  ])("%s → %s with no note", (declared, dialect) => {
    expect(chooseDialect(declared === undefined ? {} : { $schema: declared })).toEqual({
      dialect,
      notes: [],
    });
  });

  it("reads draft-06 and draft-04 with the draft-07 rules, and says so", () => {
    expect(chooseDialect({ $schema: "http://json-schema.org/draft-06/schema#" })).toEqual({
      dialect: "draft-07",
      notes: ["draft-06 is checked with the draft-07 rules, which only add keywords."],
    });
    expect(chooseDialect({ $schema: "http://json-schema.org/draft-04/schema#" })).toEqual({
      dialect: "draft-07",
      notes: [
        "draft-04 is checked with the draft-07 rules: a boolean exclusiveMinimum or exclusiveMaximum and `id` (for `$id`) are not supported.",
      ],
    });
  });

  it("reads 2019-09 with the 2020-12 rules, and says what differs", () => {
    expect(chooseDialect({ $schema: "https://json-schema.org/draft/2019-09/schema" })).toEqual({
      dialect: "2020-12",
      notes: [
        "draft 2019-09 is checked with the 2020-12 rules: write tuples as `prefixItems` (not an array in `items`) and `items` for the rest (not `additionalItems`).",
      ],
    });
  });

  it("falls back to 2020-12 for an unknown or malformed $schema, with a note", () => {
    expect(chooseDialect({ $schema: "https://example.com/my-schema" })).toEqual({
      dialect: "2020-12",
      notes: [
        'Unknown $schema "https://example.com/my-schema": the schema is checked with the 2020-12 rules.',
      ],
    });
    expect(chooseDialect({ $schema: 7 }).notes).toEqual([
      'Unknown $schema "7": the schema is checked with the 2020-12 rules.',
    ]);
  });

  it("ignores booleans and non-objects", () => {
    expect(chooseDialect(true)).toEqual({ dialect: "2020-12", notes: [] });
    expect(chooseDialect(["$schema"])).toEqual({ dialect: "2020-12", notes: [] });
  });
});
