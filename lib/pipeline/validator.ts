import { describeValidationErrors, hintForValidation } from "@/lib/schema/hints";
import { validateInput } from "@/lib/schema/validate";
import type { ValidationVerdict } from "./types";

/** The `validate` stage's check: ajv against the tool's `input_schema`, errors written for the model. */
export function validateForModel(schema: Record<string, unknown>, input: unknown): ValidationVerdict {
  const { valid, errors } = validateInput(schema, input);
  if (valid) return { valid: true, message: "" };
  return { valid: false, message: describeValidationErrors(errors, input), hint: hintForValidation(errors) };
}
