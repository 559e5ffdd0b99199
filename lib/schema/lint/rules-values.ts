/** Rules over the values a schema carries: defaults, enums and examples. */
import { isRecord } from "@/lib/protocol/json-value";
import { compileSchema } from "@/lib/schema/ajv";
import { explainAjvErrors } from "@/lib/schema/explain-errors";
import { appendPointer, describeTypes, formatJsonValue } from "@/lib/schema/pointer";
import type { LintContext, LintFinding, SchemaNode } from "./types";

/**
 * `default-invalid`: a `default` its own subschema rejects; a model that sends the default
 * sends an invalid call. Source: JSON Schema validation, `default` ("It is RECOMMENDED that a
 * default value be valid against the associated schema":
 * https://json-schema.org/draft/2020-12/json-schema-validation#name-default).
 */
export function checkDefaultInvalid({ schema, nodes }: LintContext): LintFinding[] {
  return nodes.flatMap((node) => {
    if (!Object.hasOwn(node.schema, "default")) return [];
    const value = node.schema.default;
    const problem = findValueProblem(schema, node, value, "the default");
    if (problem === undefined) return [];
    return [
      {
        path: appendPointer(node.pointer, "default"),
        message: `The default ${formatJsonValue(value)} does not match its own schema (${problem}): change it to a value the schema accepts, or remove it.`,
      },
    ];
  });
}

/**
 * `examples-invalid`: an entry of `examples` its own subschema rejects; models copy examples.
 * Source: JSON Schema validation, `examples` ("It is RECOMMENDED that these values be valid
 * against the associated schema":
 * https://json-schema.org/draft/2020-12/json-schema-validation#name-examples).
 */
export function checkExamplesInvalid({ schema, nodes }: LintContext): LintFinding[] {
  return nodes.flatMap((node) => {
    const examples = node.schema.examples;
    if (!Array.isArray(examples)) return [];
    return examples.flatMap((value: unknown, index) => {
      const problem = findValueProblem(schema, node, value, "the example");
      if (problem === undefined) return [];
      return [
        {
          path: appendPointer(appendPointer(node.pointer, "examples"), index),
          message: `The example ${formatJsonValue(value)} does not match its own schema (${problem}): fix it or remove it — models copy examples.`,
        },
      ];
    });
  });
}

/**
 * `enum-type-mismatch`: an `enum` value of none of the declared `type`s, which no input can
 * ever match (the instance must satisfy both keywords). Source: JSON Schema validation, `type`
 * and `enum` (https://json-schema.org/draft/2020-12/json-schema-validation#name-validation-keywords-for-any).
 */
export function checkEnumTypeMismatch({ nodes }: LintContext): LintFinding[] {
  return nodes.flatMap((node) => {
    const { type, enum: values } = node.schema;
    const types = typeof type === "string" ? [type] : Array.isArray(type) ? type : null;
    if (types === null || !Array.isArray(values) || !types.every((t) => typeof t === "string")) return [];
    return values.flatMap((value: unknown, index) => {
      if (types.some((name) => matchesType(value, name as string))) return [];
      const asNumber = typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
      const numeric = Number.isFinite(asNumber) && types.some((t) => t === "number" || t === "integer");
      const fix = numeric
        ? `write it as ${asNumber} (no quotes)`
        : `change it to ${describeTypes(types)}, or add its type to "type"`;
      return [
        {
          path: appendPointer(appendPointer(node.pointer, "enum"), index),
          message: `The enum value ${formatJsonValue(value)} is ${describeTypes(readKind(value))}, not ${describeTypes(types)}, so no input can match it: ${fix}.`,
        },
      ];
    });
  });
}

function readKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "string":
    case "boolean":
      return typeof value === type;
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isRecord(value);
    default:
      return true; // not a type name: invalid-json-schema reports it
  }
}

/** A `$ref` other than into `$defs`/`definitions` cannot be followed from a lone subschema. */
const FOREIGN_REF = /"\$(ref|dynamicRef|recursiveRef)":"(?!#\/(\$defs|definitions)\/)/;

/**
 * Why `value` fails the subschema at `node` (compiled alone, with the root's `$defs`,
 * `definitions` and `$schema`), or undefined when it passes or cannot be checked.
 */
function findValueProblem(
  root: unknown,
  node: SchemaNode,
  value: unknown,
  label: string,
): string | undefined {
  const standalone: Record<string, unknown> = { ...node.schema };
  if (isRecord(root) && node.via !== null) {
    for (const key of ["$defs", "definitions", "$schema"])
      if (!Object.hasOwn(standalone, key) && Object.hasOwn(root, key)) standalone[key] = root[key];
  }
  try {
    if (FOREIGN_REF.test(JSON.stringify(standalone))) return undefined;
    const compiled = compileSchema(standalone);
    if (!compiled.ok || compiled.validate(value)) return undefined;
    return explainAjvErrors(compiled.validate.errors ?? [], value, label)[0]?.message ?? "it is rejected";
  } catch {
    return undefined; // too deep to copy or validate: nothing to say
  }
}
