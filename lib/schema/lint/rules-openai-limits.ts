import { isRecord } from "@/lib/protocol/json-value";
import { appendPointer } from "@/lib/schema/pointer";
import { isObjectSchema, listPropertyNames } from "./schema-walk";
import type { LintContext, LintFinding } from "./types";

/** OpenAI strict mode's documented size limits (see {@link checkOpenAiStrictLimits}). */
export const OPENAI_STRICT_LIMITS = {
  properties: 5000,
  nesting: 10,
  enumValues: 1000,
  stringChars: 120_000,
  largeEnumValues: 250,
  largeEnumChars: 15_000,
} as const;

/**
 * `openai-strict-limits`, from "Supported schemas"
 * (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas): "A schema may
 * have up to 5000 object properties total, with up to 10 levels of nesting." "In a schema, total
 * string length of all property names, definition names, enum values, and const values cannot
 * exceed 120,000 characters." "A schema may have up to 1000 enum values across all enum
 * properties." "For a single enum property with string values, the total string length of all
 * enum values cannot exceed 15,000 characters when there are more than 250 enum values."
 * Nesting counts object schemas: the root object is level 1.
 */
export function checkOpenAiStrictLimits({ nodes }: LintContext): LintFinding[] {
  const L = OPENAI_STRICT_LIMITS;
  const findings: LintFinding[] = [];
  let properties = 0;
  let enumValues = 0;
  let chars = 0;
  let tooDeep = false;
  for (const node of nodes) {
    const names = listPropertyNames(node.schema);
    properties += names.length;
    chars += names.reduce((sum, name) => sum + name.length, 0);
    for (const key of ["$defs", "definitions"]) {
      const defs = node.schema[key];
      if (isRecord(defs)) chars += Object.keys(defs).reduce((sum, name) => sum + name.length, 0);
    }
    if (typeof node.schema.const === "string") chars += node.schema.const.length;
    const values = Array.isArray(node.schema.enum) ? node.schema.enum : [];
    const strings = values.filter((value): value is string => typeof value === "string");
    const enumChars = strings.reduce((sum, value) => sum + value.length, 0);
    enumValues += values.length;
    chars += enumChars;
    if (strings.length > L.largeEnumValues && enumChars > L.largeEnumChars) {
      findings.push({
        path: appendPointer(node.pointer, "enum"),
        message: `This enum has ${strings.length} string values totalling ${enumChars} characters; OpenAI strict mode allows at most ${L.largeEnumChars} characters when an enum has more than ${L.largeEnumValues} values: shorten or split it.`,
      });
    }
    const level = node.objectDepth + (isObjectSchema(node.schema) ? 1 : 0);
    if (!tooDeep && level > L.nesting) {
      tooDeep = true;
      findings.push({
        path: node.pointer,
        message: `Objects nest ${level} levels deep here; OpenAI strict mode allows at most ${L.nesting}: flatten the schema.`,
      });
    }
  }
  const over = (count: number, limit: number, what: string, fix: string) => {
    if (count > limit)
      findings.push({
        path: "/input_schema",
        message: `The schema has ${count} ${what}; OpenAI strict mode allows at most ${limit}: ${fix}.`,
      });
  };
  over(properties, L.properties, "object properties", "split the tool or flatten the schema");
  over(enumValues, L.enumValues, "enum values", "shorten the enums or take free text");
  over(chars, L.stringChars, "characters of names, enum and const values", "shorten them");
  return findings;
}
