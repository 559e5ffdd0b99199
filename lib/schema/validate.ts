import { compileSchema, type CompiledSchema } from "./ajv";
import { explainAjvErrors } from "./explain-errors";
import type { ValidationError } from "./explain-keyword";

export type { ValidationError } from "./explain-keyword";

/** The verdict on one input: valid, or every problem found (docs/api.md's `{ valid, errors }`). */
export interface ValidationResult {
  readonly valid: boolean;
  /** Empty when valid; in ajv's order, deduplicated, paths as JSON Pointers. */
  readonly errors: readonly ValidationError[];
}

/**
 * Validates `input` against `schema` (draft 2020-12 or draft-07, chosen by `$schema`). Never
 * throws: an invalid schema gives `valid: false` with one error whose keyword is `schema`; an
 * input too deep to validate, one whose keyword is `validate`.
 */
export function validateInput(schema: unknown, input: unknown): ValidationResult {
  return runCompiled(compileSchema(schema), input);
}

/**
 * Validates each of `inputs` against `schema`, compiling it once; results are in input order.
 * An invalid schema gives the same `schema` error for every input.
 */
export function validateInputs(schema: unknown, inputs: readonly unknown[]): ValidationResult[] {
  const compiled = compileSchema(schema);
  return inputs.map((input) => runCompiled(compiled, input));
}

function runCompiled(compiled: CompiledSchema, input: unknown): ValidationResult {
  if (!compiled.ok) {
    return {
      valid: false,
      errors: [{ path: "", keyword: "schema", message: `the schema itself is invalid: ${compiled.error}` }],
    };
  }
  let valid: boolean;
  try {
    valid = compiled.validate(input) as boolean;
  } catch (error) {
    // Validation recurses with the input, so a deep enough input on a recursive schema overflows.
    const message = `the input could not be validated: ${(error as Error).message}`;
    return { valid: false, errors: [{ path: "", keyword: "validate", message }] };
  }
  if (valid) return { valid: true, errors: [] };
  // `errors` belongs to the validator and is replaced by its next call, so read it now.
  return { valid: false, errors: explainAjvErrors(compiled.validate.errors ?? [], input) };
}
