import type { ErrorObject } from "ajv";
import { isRecord } from "@/lib/protocol/json-value";

/** True for the error ajv adds after every branch of an `anyOf` / `oneOf` failed. */
export function isUnionError(error: ErrorObject): boolean {
  return error.keyword === "anyOf" || error.keyword === "oneOf";
}

/** The errors of a failed union's branches, by branch index (in order), and where the first of them is. */
export interface UnionBranches {
  readonly branches: Map<number, ErrorObject[]>;
  /** Index in the error list of the earliest branch error (the union's own index if none). */
  readonly start: number;
}

/**
 * The errors of each branch of the failed union at `errors[unionIndex]`. ajv reports them just
 * before the union's own error, all inside the union's instance, so the search walks back and
 * stops at the first error outside it (keeping this linear for long arrays). A branch that is a
 * local `$ref` reports under the target's path (`#/$defs/A/required`); with `verbose` errors,
 * which carry the branch schemas, those are found too.
 */
export function collectBranchErrors(errors: readonly ErrorObject[], unionIndex: number): UnionBranches {
  const union = errors[unionIndex] as ErrorObject;
  const ownPrefix = `${union.schemaPath}/`;
  const refPrefixes = (Array.isArray(union.schema) ? (union.schema as unknown[]) : []).map((branch) =>
    isRecord(branch) && typeof branch.$ref === "string" && branch.$ref.startsWith("#")
      ? `${branch.$ref}/`
      : null,
  );
  const branches = new Map<number, ErrorObject[]>();
  let start = unionIndex;
  for (let index = unionIndex - 1; index >= 0; index--) {
    const error = errors[index] as ErrorObject;
    if (!isWithin(error.instancePath, union.instancePath)) break;
    const branch = findBranchIndex(error.schemaPath, ownPrefix, refPrefixes);
    if (branch === null) continue;
    branches.set(branch, [error, ...(branches.get(branch) ?? [])]);
    start = index;
  }
  return { branches: new Map([...branches].sort(([a], [b]) => a - b)), start };
}

/**
 * The errors ajv reported under the keyword at `errors[wrapperIndex]` (its schema path is their
 * prefix), found the same way as a union's branches, in order.
 */
export function collectWrappedErrors(errors: readonly ErrorObject[], wrapperIndex: number): ErrorObject[] {
  const wrapper = errors[wrapperIndex] as ErrorObject;
  const wrapped: ErrorObject[] = [];
  for (let index = wrapperIndex - 1; index >= 0; index--) {
    const error = errors[index] as ErrorObject;
    if (!isWithin(error.instancePath, wrapper.instancePath)) break;
    if (error.schemaPath.startsWith(`${wrapper.schemaPath}/`)) wrapped.unshift(error);
  }
  return wrapped;
}

function findBranchIndex(schemaPath: string, ownPrefix: string, refPrefixes: readonly (string | null)[]) {
  if (schemaPath.startsWith(ownPrefix)) {
    const index = /^\d+/.exec(schemaPath.slice(ownPrefix.length));
    if (index) return Number(index[0]);
  }
  const byRef = refPrefixes.findIndex((prefix) => prefix !== null && schemaPath.startsWith(prefix));
  return byRef < 0 ? null : byRef;
}

function isWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}

/**
 * Reduces the errors of a validator compiled with `allErrors: true` to those the same validator
 * with `allErrors: false` reports: the first failure only — with, when it lies inside a union,
 * the first failure of every branch and then the union's own error; when it lies under another
 * keyword that wraps its subschema's errors (`if`, `contains`, `propertyNames`), those and the
 * wrapper last. Keeps ajv's order.
 */
export function selectFirstFailure(errors: readonly ErrorObject[]): ErrorObject[] {
  const first = errors[0];
  if (!first) return [];
  // The outermost enclosing keyword reports last, so search from the end; only a keyword on
  // the first error's instance or one of its ancestors can enclose it.
  for (let index = errors.length - 1; index > 0; index--) {
    const candidate = errors[index] as ErrorObject;
    if (!isWithin(first.instancePath, candidate.instancePath)) continue;
    if (isUnionError(candidate)) {
      const { branches, start } = collectBranchErrors(errors, index);
      if (start !== 0) continue;
      return [...[...branches.values()].flatMap((list) => selectFirstFailure(list)), candidate];
    }
    if (first.schemaPath.startsWith(`${candidate.schemaPath}/`)) {
      return [...collectWrappedErrors(errors, index), candidate];
    }
  }
  return [first];
}
