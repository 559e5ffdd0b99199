import Ajv, { type SchemaValidateFunction, type ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020";
import type AjvCore from "ajv/dist/core";
import addFormats from "ajv-formats";
import { isRecord } from "@/lib/protocol/json-value";
import { chooseDialect, type SchemaDialect } from "./dialect";
import { explainAjvErrors } from "./explain-errors";
import { compileLinearRegex, type LinearRegex } from "./linear-regex";
import { LruCache } from "./lru-cache";
import { describeValue } from "./pointer";
import { canonicalizeJson, hashFnv1a64 } from "./schema-key";

/** A compiled schema, or why it cannot be compiled (an invalid schema is a value, never a throw). */
export type CompiledSchema =
  | {
      readonly ok: true;
      readonly validate: ValidateFunction;
      readonly dialect: SchemaDialect;
      /** What a person should know about how the schema was read (e.g. 2019-09 read as 2020-12). */
      readonly notes: readonly string[];
    }
  | {
      readonly ok: false;
      readonly error: string;
      readonly dialect: SchemaDialect;
      readonly notes: readonly string[];
    };

/** How many compiled schemas are kept; the least recently used go first. */
export const SCHEMA_CACHE_SIZE = 500;

interface CacheEntry {
  readonly canonical: string;
  readonly compiled: CompiledSchema;
  /** The object handed to ajv, which keeps it in its own cache until removed. */
  readonly source: unknown;
}

const instances = new Map<SchemaDialect, AjvCore>();
const cache = new LruCache<string, CacheEntry>(SCHEMA_CACHE_SIZE, (_key, entry) => {
  if (entry.compiled.ok && isRecord(entry.source)) getAjv(entry.compiled.dialect).removeSchema(entry.source);
});

/** ajv's `code.regExp` engine: RE2 through re2js, throwing (so the schema does not compile) on a refused pattern. */
const linearRegExp = Object.assign(
  (pattern: string, flags: string): LinearRegex => {
    const compiled = compileLinearRegex(pattern, { unicode: flags.includes("u") });
    if (!compiled.ok) throw new Error(`the pattern ${JSON.stringify(pattern)} is refused: ${compiled.error}`);
    return compiled.regex;
  },
  { code: 'require("re2js")' },
);

/**
 * A keyword for request bodies: `{ "x-linear-regex": true }` on a string says it is a pattern
 * the server will run, so one the linear-time engine refuses is a 400 at the boundary, naming
 * the field and why.
 */
export const LINEAR_REGEX_KEYWORD = "x-linear-regex";

const checkLinearRegexKeyword: SchemaValidateFunction = (schema: unknown, data: unknown): boolean => {
  if (schema !== true || typeof data !== "string") return true;
  const compiled = compileLinearRegex(data);
  if (compiled.ok) return true;
  const message = `is a pattern this server cannot run: ${compiled.error}`;
  checkLinearRegexKeyword.errors = [{ keyword: LINEAR_REGEX_KEYWORD, message, params: {} }];
  return false;
};

/**
 * The app's Ajv for a dialect, created on first use: `ajv/dist/2020` for 2020-12, `ajv` for
 * draft-07; both with ajv-formats, `allErrors` (every problem, not the first), `verbose` (errors
 * carry their schema and data, which the wording needs), `strict: false` (tool schemas in the wild
 * carry unknown keywords; lint reports them), no logger, and `pattern` / `patternProperties` run
 * on the linear-time engine ({@link compileLinearRegex}): a schema whose pattern it refuses does
 * not compile. Server only: ajv compiles with `new Function`.
 */
export function getAjv(dialect: SchemaDialect = "2020-12"): AjvCore {
  let ajv = instances.get(dialect);
  if (!ajv) {
    const options = {
      allErrors: true,
      verbose: true,
      strict: false,
      logger: false,
      code: { regExp: linearRegExp },
    } as const;
    ajv = dialect === "2020-12" ? new Ajv2020(options) : new Ajv(options);
    addFormats(ajv);
    ajv.addKeyword({
      keyword: LINEAR_REGEX_KEYWORD,
      type: "string",
      schemaType: "boolean",
      errors: true,
      validate: checkLinearRegexKeyword,
    });
    instances.set(dialect, ajv);
  }
  return ajv;
}

/**
 * Compiles a JSON Schema (an object or a boolean) with the Ajv its `$schema` picks (see
 * {@link chooseDialect}). Never throws. Results, failures included, are cached by the FNV-1a 64
 * hash of the schema's canonical JSON (the full text is compared on a hit), so the same schema with
 * its keys in another order gets the same validator; at most {@link SCHEMA_CACHE_SIZE} are kept.
 */
export function compileSchema(schema: unknown): CompiledSchema {
  // A frozen schema (as every schema read from the event log is) cannot change, so its identity
  // is a key: no canonical JSON, no hash, on the hot path of a batch.
  const frozen = typeof schema === "object" && schema !== null && Object.isFrozen(schema);
  const known = frozen ? byIdentity.get(schema) : undefined;
  if (known) return known;
  const compiled = compileByContent(schema);
  if (frozen) byIdentity.set(schema, compiled);
  return compiled;
}

const byIdentity = new WeakMap<object, CompiledSchema>();

function compileByContent(schema: unknown): CompiledSchema {
  const { dialect, notes } = chooseDialect(schema);
  if (typeof schema !== "boolean" && !isRecord(schema)) {
    return {
      ok: false,
      error: `a schema must be an object or a boolean, got ${describeValue(schema)}`,
      dialect,
      notes,
    };
  }
  let canonical: string;
  try {
    canonical = canonicalizeJson(schema);
  } catch (error) {
    return { ok: false, error: `the schema could not be read: ${(error as Error).message}`, dialect, notes };
  }
  const key = hashFnv1a64(canonical);
  const hit = cache.get(key);
  if (hit && hit.canonical === canonical) return hit.compiled;

  // Ajv caches by object identity, so it gets a copy nobody else can change; the keys keep
  // their order, which orders the errors. `$schema` has picked the instance already.
  const source: unknown = JSON.parse(JSON.stringify(schema));
  if (isRecord(source)) delete source.$schema;
  const compiled = compileWith(getAjv(dialect), source, dialect, notes);
  cache.set(key, { canonical, compiled, source });
  return compiled;
}

/** How many compiled schemas the cache holds now. */
export function countCachedSchemas(): number {
  return cache.size;
}

function compileWith(
  ajv: AjvCore,
  source: unknown,
  dialect: SchemaDialect,
  notes: readonly string[],
): CompiledSchema {
  const schema = source as Record<string, unknown> | boolean;
  const fail = (error: string): CompiledSchema => ({ ok: false, error, dialect, notes });
  try {
    if (!ajv.validateSchema(schema)) {
      const problems = explainAjvErrors(ajv.errors ?? [], schema, "the schema");
      const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
      return fail(`${problems[0]?.message ?? "it does not match the meta-schema"}${more}`);
    }
    // Ajv registers a schema under its `$id` and refuses a second one with the same `$id`; the
    // newest wins here (validators compiled before keep working).
    if (isRecord(source) && typeof source.$id === "string") ajv.removeSchema(source.$id.replace(/#$/, ""));
    const validate = ajv.compile(schema);
    // An `$async` schema compiles to a function returning a Promise, which would read as "valid".
    if ((validate as { $async?: boolean }).$async !== true) return { ok: true, validate, dialect, notes };
    ajv.removeSchema(schema);
    return fail("`$async` schemas are not supported (validation here is synchronous)");
  } catch (error) {
    // e.g. a `$ref` that resolves nowhere, or a schema nested too deeply to check; ajv may
    // have cached the half-compiled schema.
    if (isRecord(source)) ajv.removeSchema(source);
    return fail((error as Error).message);
  }
}
