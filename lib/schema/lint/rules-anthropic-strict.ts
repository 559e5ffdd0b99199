/**
 * Rules for Anthropic's strict tool use (`strict: true` on the tool), from "JSON Schema
 * limitations" in Structured outputs
 * (https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations).
 * They run only for a tool whose `strict` is true.
 */
import { appendPointer } from "@/lib/schema/pointer";
import { findOpenObjects } from "./rules-openai-strict";
import type { LintContext, LintFinding } from "./types";

/**
 * `anthropic-strict-additional-properties`. Not supported: "additionalProperties set to anything
 * other than false".
 */
export function checkAnthropicStrictAdditionalProperties({ tool, nodes }: LintContext): LintFinding[] {
  return tool.strict === true ? findOpenObjects(nodes, "Anthropic strict tool use") : [];
}

const NUMERIC = "numerical constraints";
const STRING = "string constraints";
/** Constraint keywords strict tool use rejects, by the words of the limitations list. */
const CONSTRAINTS: Readonly<Record<string, string>> = {
  minimum: NUMERIC,
  maximum: NUMERIC,
  exclusiveMinimum: NUMERIC,
  exclusiveMaximum: NUMERIC,
  multipleOf: NUMERIC,
  minLength: STRING,
  maxLength: STRING,
  maxItems: "array constraints beyond minItems of 0 or 1",
};

/**
 * `anthropic-strict-unsupported-keyword`. Not supported: "Numerical constraints (such as
 * minimum, maximum, multipleOf)", "String constraints (minLength, maxLength)", "Array
 * constraints beyond minItems of 0 or 1", "External $ref", "Complex types within enums".
 * (Recursive schemas are also unsupported; this rule does not detect them.)
 */
export function checkAnthropicStrictUnsupportedKeyword({ tool, nodes }: LintContext): LintFinding[] {
  if (tool.strict !== true) return [];
  const says = (path: string, what: string, fix: string) => ({
    path,
    message: `Anthropic strict tool use does not support ${what}: ${fix}.`,
  });
  return nodes.flatMap((node) => {
    const findings: LintFinding[] = [];
    for (const [key, value] of Object.entries(node.schema)) {
      const at = appendPointer(node.pointer, key);
      const group = Object.hasOwn(CONSTRAINTS, key) ? CONSTRAINTS[key] : undefined;
      if (group !== undefined)
        findings.push(says(at, `${group} ("${key}")`, "remove it and state the limit in the description"));
      if (key === "minItems" && value !== 0 && value !== 1)
        findings.push(
          says(at, `"minItems" other than 0 or 1`, "use 0 or 1, and state the limit in the description"),
        );
      if (key === "$ref" && typeof value === "string" && !value.startsWith("#"))
        findings.push(
          says(
            at,
            `a "$ref" outside the schema (${JSON.stringify(value)})`,
            'move the referenced schema into "$defs"',
          ),
        );
      if (key === "enum" && Array.isArray(value))
        value.forEach((item: unknown, index) => {
          if (typeof item === "object" && item !== null)
            findings.push(
              says(
                appendPointer(at, index),
                "objects or arrays in an enum",
                "use strings, numbers, booleans or null",
              ),
            );
        });
    }
    return findings;
  });
}
