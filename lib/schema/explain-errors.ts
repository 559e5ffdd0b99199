import type { ErrorObject } from "ajv";
import { isRecord } from "@/lib/protocol/json-value";
import { explainKeyword, labelField, type ExplainContext, type ValidationError } from "./explain-keyword";
import { appendPointer, describeTypes, describeValue, listValues, readAtPointer } from "./pointer";
import { collectBranchErrors, collectWrappedErrors, isUnionError } from "./union-branches";

/** Keywords whose subschema errors are noise next to their own error (which says it all). */
const WRAPPERS_KEPT = new Set(["contains", "propertyNames"]);
/** Keywords whose own error is noise next to their subschema's errors (`must match "then" schema`). */
const WRAPPERS_DROPPED = new Set(["if"]);

/**
 * Turns the errors of a validator compiled with `allErrors: true, verbose: true` into one
 * problem per failure, in ajv's order, without ajv's noise: each failed `anyOf`/`oneOf` becomes
 * the errors of the branch the value evidently meant (by a `const` discriminator, by the only
 * branch of the value's type, or by the branch with the fewest problems), else "must be one of"
 * (all branches constants), "must be a string or …" (no branch of its type) or "must match one
 * of the allowed shapes". Duplicates are dropped. Never throws.
 */
export function explainAjvErrors(
  errors: readonly ErrorObject[],
  instance: unknown,
  rootLabel = "the input",
): ValidationError[] {
  const seen = new Set<string>();
  return resolveErrors(errors, { instance, rootLabel }).filter((problem) => {
    const key = `${problem.path}\n${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function resolveErrors(errors: readonly ErrorObject[], context: ExplainContext): ValidationError[] {
  const consumed = new Set<ErrorObject>();
  const groups: { at: number; problems: ValidationError[] }[] = [];
  // Enclosing keywords report after what they enclose, so walk back to meet the outermost first.
  for (let index = errors.length - 1; index >= 0; index--) {
    const error = errors[index] as ErrorObject;
    if (consumed.has(error) || WRAPPERS_DROPPED.has(error.keyword)) continue;
    if (isUnionError(error)) {
      const { branches, start } = collectBranchErrors(errors, index);
      for (const inner of [...branches.values()].flat()) consumed.add(inner);
      groups.push({ at: start, problems: explainUnion(error, branches, context) });
      continue;
    }
    if (WRAPPERS_KEPT.has(error.keyword)) {
      for (const inner of collectWrappedErrors(errors, index)) consumed.add(inner);
    }
    groups.push({ at: index, problems: [explainKeyword(error, context)] });
  }
  return groups.sort((a, b) => a.at - b.at).flatMap((group) => group.problems);
}

function explainUnion(
  union: ErrorObject,
  branches: ReadonlyMap<number, readonly ErrorObject[]>,
  context: ExplainContext,
): ValidationError[] {
  const path = union.instancePath;
  const field = labelField(path, context);
  const problem = (message: string, where = path): ValidationError[] => [
    { path: where, message, keyword: union.keyword },
  ];
  const params = union.params as Record<string, unknown>;
  if (Array.isArray(params.passingSchemas)) {
    return problem(
      `${field} must match exactly one of the allowed shapes, but matches ${params.passingSchemas.length}`,
    );
  }
  const schemas = Array.isArray(union.schema) ? (union.schema as unknown[]) : [];
  const value = readAtPointer(context.instance, path);
  const errorsOf = (index: number) => resolveErrors(branches.get(index) ?? [], context);

  const discriminator = findDiscriminator(schemas);
  if (discriminator !== null && isRecord(value)) {
    const at = appendPointer(path, discriminator);
    if (!Object.hasOwn(value, discriminator)) return problem(`${labelField(at, context)} is required`, at);
    const chosen = schemas.findIndex(
      (schema) => readConstant(schema, discriminator) === value[discriminator],
    );
    if (chosen >= 0)
      return branches.has(chosen)
        ? errorsOf(chosen)
        : problem(`${field} must match one of the allowed shapes`);
    const allowed = schemas.map((schema) => readConstant(schema, discriminator));
    return problem(`${labelField(at, context)} must be one of ${listValues(allowed)}`, at);
  }
  if (schemas.length > 0 && schemas.every((schema) => constantsOf(schema) !== null)) {
    return problem(
      `${field} must be one of ${listValues(schemas.flatMap((schema) => constantsOf(schema) ?? []))}`,
    );
  }

  const isTypeMiss = (error: ErrorObject) => error.keyword === "type" && error.instancePath === path;
  const fitting = [...branches].filter(([, list]) => !list.some(isTypeMiss));
  if (fitting.length === 0 && branches.size > 0) {
    const types = [...branches.values()]
      .flat()
      .filter(isTypeMiss)
      .flatMap((error) => error.params.type as unknown);
    return problem(`${field} must be ${describeTypes([...new Set(types)])}, got ${describeValue(value)}`);
  }
  const explained = fitting.map(([index]) => errorsOf(index));
  const fewest = Math.min(...explained.map((list) => list.length));
  const best = explained.filter((list) => list.length === fewest);
  if (best.length === 1 && best[0]) return best[0];
  return problem(`${field} must match one of the allowed shapes`);
}

/** A property every branch pins to a constant (`kind: { const: "echo" }`), or null. */
function findDiscriminator(schemas: readonly unknown[]): string | null {
  const first = schemas[0];
  if (schemas.length < 2 || !isRecord(first) || !isRecord(first.properties)) return null;
  const keys = Object.keys(first.properties);
  return keys.find((key) => schemas.every((schema) => readConstant(schema, key) !== undefined)) ?? null;
}

function readConstant(schema: unknown, key: string): unknown {
  if (!isRecord(schema) || !isRecord(schema.properties)) return undefined;
  const values = constantsOf(schema.properties[key]);
  return values?.length === 1 ? values[0] : undefined;
}

/** The values a schema allows when it is a `const` or an `enum`, else null. */
function constantsOf(schema: unknown): unknown[] | null {
  if (!isRecord(schema)) return null;
  if (Object.hasOwn(schema, "const")) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : null;
}
