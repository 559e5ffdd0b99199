import type { ErrorObject } from "ajv";
import { explainAjvErrors } from "./explain-errors";
import type { ValidationError } from "./explain-keyword";

/** How many problems a summary lists before "… and N more". */
export const MAX_LISTED_PROBLEMS = 5;

/** The hint when arguments fail their schema (the pipeline's `schema_validation_error`). */
export const HINT_FIX_FIELDS = "Resend the call with the fields fixed; nothing ran.";
/** The hint when only required fields are missing. */
export const HINT_ADD_FIELDS = "Resend the call with the missing fields added; nothing ran.";
/** The hint when the tool's own schema is invalid: no arguments can pass it. */
export const HINT_BROKEN_SCHEMA =
  "The tool's input_schema is itself invalid, so no arguments can pass it; nothing ran. Do not retry this tool; tell the person it is misconfigured.";

/**
 * The problems found in `input`, one per line, written for the model's next decision: "`path` is
 * required", "`count` must be an integer, got string \"3\"", "unexpected property `recursive`",
 * nested fields as `filter.tags[2]`. Takes ajv's raw errors (from one of the app's validators:
 * `allErrors`, `verbose`), whose union noise it reduces to the branch the input meant, or the
 * errors `validateInput` already explained. Duplicates dropped; at most
 * {@link MAX_LISTED_PROBLEMS} lines, then "… and N more". Empty when there are none.
 */
export function describeValidationErrors(
  errors: readonly ErrorObject[] | readonly ValidationError[],
  input: unknown,
): string {
  const explained = errors.every((error) => !("instancePath" in error))
    ? (errors as readonly ValidationError[])
    : explainAjvErrors(errors as readonly ErrorObject[], input);
  const lines = [...new Set(explained.map((error) => error.message))];
  if (lines.length <= MAX_LISTED_PROBLEMS) return lines.join("\n");
  const rest = lines.length - MAX_LISTED_PROBLEMS;
  return [...lines.slice(0, MAX_LISTED_PROBLEMS), `… and ${rest} more`].join("\n");
}

const MISSING_KEYWORDS = new Set(["required", "dependentRequired", "dependencies"]);

/**
 * The `hint` the pipeline attaches to a `schema_validation_error`: what to do next, and that
 * nothing ran. Accepts ajv's errors or explained ones (only `keyword` is read).
 */
export function hintForValidation(errors: readonly { readonly keyword: string }[]): string {
  if (errors.some((error) => error.keyword === "schema")) return HINT_BROKEN_SCHEMA;
  const onlyMissing = errors.length > 0 && errors.every((error) => MISSING_KEYWORDS.has(error.keyword));
  return onlyMissing ? HINT_ADD_FIELDS : HINT_FIX_FIELDS;
}
