/** Which JSON Schema rules a schema is checked with, chosen by its `$schema`. */

/** The two dialects the app's Ajv instances implement. */
export type SchemaDialect = "2020-12" | "draft-07";

/** The dialect a schema is compiled with, and what a person should know about the choice. */
export interface DialectChoice {
  readonly dialect: SchemaDialect;
  /** Empty when the schema asked for exactly this dialect (or for none: 2020-12 is the default). */
  readonly notes: readonly string[];
}

const DRAFT_URI = /^https?:\/\/json-schema\.org\/(draft-0[467])\/schema#?$/;
const MODERN_URI = /^https?:\/\/json-schema\.org\/draft\/(2019-09|2020-12)\/schema#?$/;

const DRAFT_NOTES: Readonly<Record<string, string>> = {
  "draft-04":
    "draft-04 is checked with the draft-07 rules: a boolean exclusiveMinimum or exclusiveMaximum and `id` (for `$id`) are not supported.",
  "draft-06": "draft-06 is checked with the draft-07 rules, which only add keywords.",
};

/**
 * Picks the dialect from the schema's `$schema`: draft-07, -06 and -04 URIs → `draft-07`;
 * absent or 2020-12 → `2020-12`; 2019-09 → `2020-12` with a note (array-form `items` and
 * `additionalItems` changed to `prefixItems` and `items`); anything else → `2020-12` with a note.
 * Both `http` and `https`, with or without the trailing `#`, are recognised. Never throws.
 */
export function chooseDialect(schema: unknown): DialectChoice {
  const declared = readDeclaredSchema(schema);
  if (declared === undefined) return { dialect: "2020-12", notes: [] };
  const draft = DRAFT_URI.exec(declared)?.[1];
  if (draft !== undefined)
    return { dialect: "draft-07", notes: draft === "draft-07" ? [] : [DRAFT_NOTES[draft] ?? ""] };
  const modern = MODERN_URI.exec(declared)?.[1];
  if (modern === "2020-12") return { dialect: "2020-12", notes: [] };
  if (modern === "2019-09") {
    return {
      dialect: "2020-12",
      notes: [
        "draft 2019-09 is checked with the 2020-12 rules: write tuples as `prefixItems` (not an array in `items`) and `items` for the rest (not `additionalItems`).",
      ],
    };
  }
  return {
    dialect: "2020-12",
    notes: [`Unknown $schema ${JSON.stringify(declared)}: the schema is checked with the 2020-12 rules.`],
  };
}

function readDeclaredSchema(schema: unknown): string | undefined {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return undefined;
  if (!Object.hasOwn(schema, "$schema")) return undefined;
  const declared: unknown = (schema as Record<string, unknown>).$schema;
  return typeof declared === "string" ? declared.trim() : JSON.stringify(declared);
}
