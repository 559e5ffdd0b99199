import "server-only";
import type { ErrorObject } from "ajv";
import { isRecord } from "@/lib/protocol/json-value";

/** One validation failure, worded for a person, at a JSON Pointer into the body. */
export interface BodyProblem {
  readonly message: string;
  readonly path: string;
}

const COMPARISONS: Readonly<Record<string, string>> = {
  ">=": "at least",
  "<=": "at most",
  ">": "greater than",
  "<": "less than",
};

type SchemaLike = Readonly<Record<string, unknown>>;

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
  null: "null",
};

/**
 * Explains the failure ajv found (compiled with `allErrors: false, verbose: true`, so the root
 * cause is the last error). For a union it follows the branch the data meant — by a `const`
 * discriminator such as `kind`, or by the only branch whose type fits — instead of reporting
 * "must match a schema in anyOf".
 */
export function explainValidationErrors(errors: readonly ErrorObject[]): BodyProblem {
  const last = errors[errors.length - 1];
  if (!last) return { message: "The request body is invalid", path: "" };
  if (last.keyword === "anyOf" || last.keyword === "oneOf") return explainUnion(last, errors.slice(0, -1));
  return explainKeyword(last);
}

function explainUnion(error: ErrorObject, prior: readonly ErrorObject[]): BodyProblem {
  const branches = Array.isArray(error.schema) ? (error.schema as SchemaLike[]) : [];
  const errorsOf = (index: number) =>
    prior.filter((e) => e.schemaPath.startsWith(`${error.schemaPath}/${index}/`));
  const data: unknown = error.data;
  const discriminator = findDiscriminator(branches);
  if (discriminator !== null && isRecord(data)) {
    const path = `${error.instancePath}/${escapePointer(discriminator)}`;
    if (!Object.hasOwn(data, discriminator)) return { message: `${path} is required`, path };
    const chosen = branches.findIndex((branch) => readConst(branch, discriminator) === data[discriminator]);
    if (chosen < 0) {
      const values = branches.map((branch) => readConst(branch, discriminator));
      return { message: `${path} must be one of ${values.map(formatValue).join(", ")}`, path };
    }
    if (errorsOf(chosen).length > 0) return explainValidationErrors(errorsOf(chosen));
  }
  const fitting = branches
    .map((branch, index) => ({ branch, index }))
    .filter(({ branch }) => fitsType(branch, data));
  if (fitting.length === 1 && fitting[0] && errorsOf(fitting[0].index).length > 0) {
    return explainValidationErrors(errorsOf(fitting[0].index));
  }
  const path = error.instancePath;
  if (branches.length > 0 && branches.every((branch) => "const" in branch)) {
    return {
      message: `${label(path)} must be one of ${branches.map((b) => formatValue(b.const)).join(", ")}`,
      path,
    };
  }
  const described = [...new Set(branches.map(describeSchema))];
  return { message: `${label(path)} must be ${described.join(" or ")}`, path };
}

function explainKeyword(error: ErrorObject): BodyProblem {
  const path = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const at = (message: string) => ({ message: `${label(path)} ${message}`, path });
  switch (error.keyword) {
    case "required": {
      const missing = `${path}/${escapePointer(String(params.missingProperty))}`;
      return { message: `${missing} is required`, path: missing };
    }
    case "additionalProperties": {
      const extra = `${path}/${escapePointer(String(params.additionalProperty))}`;
      return { message: `unexpected property ${extra}`, path: extra };
    }
    case "type":
      return at(`must be ${describeTypes(params.type)}`);
    case "const":
      return at(`must be ${formatValue(params.allowedValue)}`);
    case "enum":
      return at(`must be one of ${(params.allowedValues as unknown[]).map(formatValue).join(", ")}`);
    case "minLength":
      return at(`must be at least ${count(params.limit, "character")} long`);
    case "maxLength":
      return at(`must be at most ${count(params.limit, "character")} long`);
    case "minItems":
      return at(`must have at least ${count(params.limit, "item")}`);
    case "maxItems":
      return at(`must have at most ${count(params.limit, "item")}`);
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return at(
        `must be ${COMPARISONS[String(params.comparison)] ?? String(params.comparison)} ${String(params.limit)}`,
      );
    case "pattern":
      return at(`must match the pattern ${String(params.pattern)}`);
    case "format":
      return at(`must be a valid ${String(params.format)}`);
    default:
      return at(error.message ?? "is invalid");
  }
}

function findDiscriminator(branches: readonly SchemaLike[]): string | null {
  const first = branches[0];
  if (branches.length < 2 || !first || !isRecord(first.properties)) return null;
  const candidates = Object.keys(first.properties);
  return candidates.find((key) => branches.every((branch) => readConst(branch, key) !== undefined)) ?? null;
}

function readConst(branch: SchemaLike, key: string): unknown {
  const property = isRecord(branch.properties) ? branch.properties[key] : undefined;
  return isRecord(property) ? property.const : undefined;
}

function fitsType(branch: SchemaLike, data: unknown): boolean {
  const types = ([] as unknown[]).concat(branch.type ?? []);
  const actual = data === null ? "null" : Array.isArray(data) ? "array" : typeof data;
  return types.includes(actual) || (actual === "number" && types.includes("integer"));
}

function describeSchema(schema: SchemaLike): string {
  if ("const" in schema) return formatValue(schema.const);
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map(formatValue).join(", ")}`;
  return schema.type === undefined ? "a valid value" : describeTypes(schema.type);
}

function describeTypes(type: unknown): string {
  return ([] as unknown[])
    .concat(type)
    .map((name) => TYPE_NAMES[String(name)] ?? String(name))
    .join(" or ");
}

function count(limit: unknown, noun: string): string {
  return `${String(limit)} ${noun}${limit === 1 ? "" : "s"}`;
}

function label(path: string): string {
  return path === "" ? "The request body" : path;
}

function formatValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
