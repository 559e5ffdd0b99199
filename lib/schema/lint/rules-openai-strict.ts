/**
 * Rules for OpenAI's strict mode (Structured Outputs), from "Supported schemas":
 * https://platform.openai.com/docs/guides/structured-outputs#supported-schemas — "If you turn
 * on Structured Outputs by supplying `strict: true` and call the API with an unsupported JSON
 * Schema, you will receive an error."
 */
import { isRecord } from "@/lib/protocol/json-value";
import { appendPointer } from "@/lib/schema/pointer";
import { isObjectSchema, listPropertyNames } from "./schema-walk";
import type { LintContext, LintFinding, SchemaNode } from "./types";

/** Object schemas without `additionalProperties: false`, worded for `provider`. */
export function findOpenObjects(nodes: readonly SchemaNode[], provider: string): LintFinding[] {
  return nodes.flatMap((node) => {
    if (!isObjectSchema(node.schema) || node.schema.additionalProperties === false) return [];
    const present = Object.hasOwn(node.schema, "additionalProperties");
    return [
      {
        path: present ? appendPointer(node.pointer, "additionalProperties") : node.pointer,
        message: `${provider} needs "additionalProperties": false on every object schema: ${present ? "set it to false" : "add it here"}.`,
      },
    ];
  });
}

/**
 * `openai-strict-additional-properties`. "additionalProperties: false must always be set in
 * objects … we require developers to set `additionalProperties: false` to opt into Structured
 * Outputs."
 */
export function checkOpenAiStrictAdditionalProperties({ nodes }: LintContext): LintFinding[] {
  return findOpenObjects(nodes, "OpenAI strict mode");
}

/**
 * `openai-strict-all-required`. "To use Structured Outputs, all fields or function parameters
 * must be specified as `required`. … it is possible to emulate an optional parameter by using a
 * union type with `null`."
 */
export function checkOpenAiStrictAllRequired({ nodes }: LintContext): LintFinding[] {
  return nodes.flatMap((node) => {
    const required = Array.isArray(node.schema.required) ? node.schema.required : [];
    return listPropertyNames(node.schema)
      .filter((name) => !required.includes(name))
      .map((name) => ({
        path: appendPointer(appendPointer(node.pointer, "properties"), name),
        message: `OpenAI strict mode needs every property in "required": add "${name}" to "required"; to keep it optional, let it be null too (e.g. "type": ["string", "null"]).`,
      }));
  });
}

/** What to write instead of each keyword strict mode rejects. */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  allOf: "merge its subschemas into this one",
  not: "remove it and check the value in the tool",
  dependentRequired: "remove it and check the dependency in the tool",
  dependentSchemas: "remove it and check the dependency in the tool",
  if: "remove if/then/else and use anyOf of the alternatives, or check in the tool",
  then: "remove if/then/else and use anyOf of the alternatives, or check in the tool",
  else: "remove if/then/else and use anyOf of the alternatives, or check in the tool",
  oneOf: "use anyOf instead",
};

/**
 * `openai-strict-unsupported-keyword`. "Some type-specific keywords are not yet supported —
 * Composition: `allOf`, `not`, `dependentRequired`, `dependentSchemas`, `if`, `then`, `else`".
 * `oneOf` is not among the supported types ("String, Number, Boolean, Integer, Object, Array,
 * Enum, anyOf") and the API answers 400 "'oneOf' is not permitted" (reported at
 * https://community.openai.com/t/932422).
 */
export function checkOpenAiStrictUnsupportedKeyword({ nodes }: LintContext): LintFinding[] {
  return nodes.flatMap((node) =>
    Object.keys(node.schema)
      .filter((key) => Object.hasOwn(UNSUPPORTED, key))
      .map((key) => ({
        path: appendPointer(node.pointer, key),
        message: `OpenAI strict mode does not support "${key}": ${UNSUPPORTED[key]}.`,
      })),
  );
}

/**
 * `openai-strict-root-anyof`. "Root objects must not be `anyOf` and must be an object … the
 * root level object of a schema must be an object, and not use `anyOf`."
 */
export function checkOpenAiStrictRootAnyOf({ schema }: LintContext): LintFinding[] {
  if (!isRecord(schema) || !Object.hasOwn(schema, "anyOf")) return [];
  return [
    {
      path: "/input_schema/anyOf",
      message:
        'OpenAI strict mode rejects "anyOf" at the root: make the root one object whose properties cover every case (e.g. a "kind" enum and nullable fields), and keep anyOf for nested values.',
    },
  ];
}
