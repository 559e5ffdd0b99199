import type { ErrorObject } from "ajv";
import {
  appendPointer,
  describeTypes,
  describeValue,
  formatFieldName,
  formatJsonValue,
  listValues,
  readAtPointer,
} from "./pointer";

/** One problem with an instance, worded for a person and for the model that sent it. */
export interface ValidationError {
  /** JSON Pointer of the offending value; for a missing or unexpected property, of that property. */
  readonly path: string;
  /** One line, field names in backticks: "`count` must be an integer, got string \"3\"". */
  readonly message: string;
  /**
   * The JSON Schema keyword that failed; `schema` when the schema itself is invalid, `validate`
   * when the input could not be validated at all (nested too deeply for a recursive schema).
   */
  readonly keyword: string;
}

/** What the wording needs besides the error: the validated value, and what to call its root. */
export interface ExplainContext {
  readonly instance: unknown;
  /** How the whole instance is named, e.g. "the input". */
  readonly rootLabel: string;
}

const COMPARISONS: Readonly<Record<string, string>> = {
  minimum: "at least",
  maximum: "at most",
  exclusiveMinimum: "greater than",
  exclusiveMaximum: "less than",
};

/** The name of the field at `pointer` in backticks (`filter.tags[2]`), or the root label. */
export function labelField(pointer: string, context: ExplainContext): string {
  const name = formatFieldName(pointer, context.instance);
  return name === "" ? context.rootLabel : `\`${name}\``;
}

/** Words one ajv error that is not a union. Never throws, whatever the params hold. */
export function explainKeyword(error: ErrorObject, context: ExplainContext): ValidationError {
  const path = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const field = labelField(path, context);
  const value = readAtPointer(context.instance, path);
  const problem = (message: string, where = path): ValidationError => ({
    path: where,
    message,
    keyword: error.keyword,
  });
  const child = (name: unknown) => appendPointer(path, String(name));
  switch (error.keyword) {
    case "required":
      return problem(
        `${labelField(child(params.missingProperty), context)} is required`,
        child(params.missingProperty),
      );
    case "dependentRequired":
    case "dependencies": {
      const missing = child(params.missingProperty);
      const trigger = labelField(child(params.property), context);
      return problem(`${labelField(missing, context)} is required when ${trigger} is present`, missing);
    }
    case "additionalProperties":
    case "unevaluatedProperties": {
      const extra = child(params.additionalProperty ?? params.unevaluatedProperty);
      return problem(`unexpected property ${labelField(extra, context)}`, extra);
    }
    case "propertyNames": {
      const named = child(params.propertyName);
      return problem(`property name ${formatJsonValue(params.propertyName)} is not allowed`, named);
    }
    case "type":
      return problem(`${field} must be ${describeTypes(params.type)}, got ${describeValue(value)}`);
    case "enum":
      return problem(`${field} must be one of ${listValues(asArray(params.allowedValues))}`);
    case "const":
      return problem(`${field} must be ${formatJsonValue(params.allowedValue)}`);
    case "minLength":
    case "maxLength":
      return problem(`${field} must be ${bound(error.keyword)} ${count(params.limit, "character")}`);
    case "minItems":
    case "maxItems":
    case "items":
    case "additionalItems":
      return problem(`${field} must have ${bound(error.keyword)} ${count(params.limit, "item")}`);
    case "minProperties":
    case "maxProperties":
      return problem(`${field} must have ${bound(error.keyword)} ${count(params.limit, "property")}`);
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return problem(
        `${field} must be ${COMPARISONS[error.keyword]} ${String(params.limit)}, got ${formatJsonValue(value)}`,
      );
    case "multipleOf":
      return problem(`${field} must be a multiple of ${String(params.multipleOf)}`);
    case "pattern":
      return problem(`${field} must match the pattern ${formatJsonValue(params.pattern)}`);
    case "format":
      return problem(`${field} must be a valid ${String(params.format)}`);
    case "uniqueItems": {
      const [first, second] = [Number(params.j), Number(params.i)].sort((a, b) => a - b);
      return problem(`${field} must not contain duplicates (items ${first} and ${second} are equal)`);
    }
    case "contains": {
      const least = params.minContains ?? 1;
      const within =
        params.maxContains === undefined
          ? `at least ${count(least, "matching item")}`
          : `between ${String(least)} and ${count(params.maxContains, "matching item")}`;
      return problem(`${field} must contain ${within}`);
    }
    case "not":
      return problem(`${field} must not match the excluded shape`);
    case "false schema":
      return problem(`${field} is not allowed`);
    default:
      return problem(`${field} ${error.message ?? "is invalid"}`);
  }
}

function bound(keyword: string): string {
  return keyword.startsWith("min") ? "at least" : "at most";
}

function count(limit: unknown, noun: string): string {
  const plural = noun === "property" ? "properties" : `${noun}s`;
  return `${String(limit)} ${limit === 1 ? noun : plural}`;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}
