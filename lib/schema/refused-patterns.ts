/**
 * The `pattern` and `patternProperties` regexes of a schema that are valid ECMAScript but that the
 * linear-time engine refuses (lib/schema/linear-regex.ts): such a schema does not compile here. Lint reports each one; the
 * stateless validate route refuses the schema with a 400 naming the first.
 */
import { compileLinearRegex } from "./linear-regex";
import { collectSchemaNodes } from "./lint/schema-walk";
import { isRecord } from "@/lib/protocol/json-value";
import { appendPointer } from "./pointer";

export interface RefusedPattern {
  /** JSON Pointer of the `pattern` value, or of the `patternProperties` entry, under the base. */
  readonly pointer: string;
  readonly pattern: string;
  readonly error: string;
}

/** Every refused pattern of `schema`, in document order, pointers under `base`. Never throws. */
export function findRefusedPatterns(schema: unknown, base = ""): RefusedPattern[] {
  const refused: RefusedPattern[] = [];
  const check = (pattern: string, pointer: string) => {
    // JSON Schema reads patterns with the `u` flag, as ajv does.
    const compiled = compileLinearRegex(pattern, { unicode: true });
    // One that is no regex at all leaves the schema invalid, which is reported as such.
    if (!compiled.ok && compiled.reason === "unsupported")
      refused.push({ pointer, pattern, error: compiled.error });
  };
  for (const node of collectSchemaNodes(schema, base)) {
    const { pattern, patternProperties } = node.schema;
    if (typeof pattern === "string") check(pattern, appendPointer(node.pointer, "pattern"));
    if (isRecord(patternProperties))
      for (const key of Object.keys(patternProperties))
        check(key, appendPointer(appendPointer(node.pointer, "patternProperties"), key));
  }
  return refused;
}
