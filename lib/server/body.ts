import "server-only";
import type { Static, TSchema } from "@sinclair/typebox";
import type { ValidateFunction } from "ajv";
import { getAjv } from "@/lib/schema/ajv";
import { selectFirstFailure } from "@/lib/schema/union-branches";
import { explainValidationErrors } from "@/lib/server/body-errors";
import { errorResponse } from "@/lib/server/http";

/** The default body limit: 1 MiB (docs/api.md; `/api/import` passes 20 MiB). */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * How deeply a JSON body may nest (an array or object inside another counts one level). Far past
 * any real tool schema, argument or export, and far short of what overflows the stack of the
 * recursive code after the boundary (validation, canonical JSON, redaction).
 */
export const DEFAULT_BODY_MAX_DEPTH = 100;

/** Options for {@link readJsonBody}. */
export interface ReadJsonBodyOptions {
  /** Largest accepted body in bytes; default {@link DEFAULT_BODY_LIMIT_BYTES}. */
  readonly limitBytes?: number;
  /**
   * Deepest accepted nesting; default {@link DEFAULT_BODY_MAX_DEPTH}. The schema routes, which
   * give a verdict on a schema of any depth, pass `Infinity`.
   */
  readonly maxDepth?: number;
}

/** A parsed, validated body, or the 4xx response to send instead. */
export type JsonBodyResult<T extends TSchema> =
  { readonly ok: true; readonly value: Static<T> } | { readonly ok: false; readonly response: Response };

// Bodies compile on the app's shared 2020-12 Ajv (lib/schema): `strict: false` lets TypeBox's
// extra keywords through, and `verbose` gives each error the schema and data the wording needs.
const validators = new WeakMap<TSchema, ValidateFunction>();

/**
 * Reads a request's JSON body, size-limited and validated against `schema`. Never throws for
 * bad input: an oversized body (by `Content-Length` or by the bytes actually streamed) gets 413,
 * malformed or empty JSON, nesting deeper than `maxDepth`, and schema violations get 400
 * `{ error, path }` with a JSON Pointer, reporting the first problem only.
 */
export async function readJsonBody<T extends TSchema>(
  request: Request,
  schema: T,
  options: ReadJsonBodyOptions = {},
): Promise<JsonBodyResult<T>> {
  const read = await readTextBody(request, options);
  if (!read.ok) return read;
  const { text } = read;
  if (text.trim() === "")
    return badRequest(`The request body is empty: expected ${describeExpected(schema)}`, "");

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return badRequest(`Malformed JSON: ${(error as Error).message}`, "");
  }
  const maxDepth = options.maxDepth ?? DEFAULT_BODY_MAX_DEPTH;
  const tooDeep = findTooDeep(value, maxDepth);
  if (tooDeep !== null)
    return badRequest(`${tooDeep} nests more than ${maxDepth} levels deep; flatten it`, tooDeep);
  const validate = compileValidator(schema);
  if (!validate(value)) {
    // The shared instance reports every error (`allErrors`); a 400 names the first one only.
    const problem = explainValidationErrors(selectFirstFailure(validate.errors ?? []));
    return badRequest(problem.message, problem.path);
  }
  return { ok: true, value: value as Static<T> };
}

/**
 * The body as UTF-8 text, at most `limitBytes` (default 1 MiB): 413 when the declared length or
 * the bytes that arrive pass it (the rest is not read), 400 when the bytes are not valid UTF-8
 * (a body cut inside its last character is read, that character as U+FFFD).
 */
export async function readTextBody(
  request: Request,
  options: ReadJsonBodyOptions = {},
): Promise<{ ok: true; text: string } | { ok: false; response: Response }> {
  const limitBytes = options.limitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const tooLarge = () => ({
    ok: false as const,
    response: errorResponse(413, describeTooLarge(limitBytes), {
      limitBytes,
    }),
  });
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limitBytes) return tooLarge();
  const bytes = await readLimitedBytes(request.body, limitBytes);
  if (bytes === null) return tooLarge();
  const text = decodeUtf8(bytes);
  if (text === null) return badRequest(NOT_UTF8_MESSAGE, "");
  return { ok: true, text };
}

/** The 413's message for a body past `limitBytes`. */
export function describeTooLarge(limitBytes: number): string {
  return `The request body is larger than ${formatBytes(limitBytes)}`;
}

/** The 400's message for a body that is not UTF-8. */
export const NOT_UTF8_MESSAGE = "Malformed JSON: the body is not valid UTF-8";

/** The JSON Pointer of the first value nested deeper than `maxDepth`, or null. Iterative. */
export function findTooDeep(value: unknown, maxDepth: number): string | null {
  if (!Number.isFinite(maxDepth)) return null;
  const stack: { value: unknown; pointer: string; depth: number }[] = [{ value, pointer: "", depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.value === null || typeof next.value !== "object") continue;
    if (next.depth >= maxDepth) return next.pointer;
    for (const [key, item] of Object.entries(next.value))
      stack.push({
        value: item,
        pointer: `${next.pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`,
        depth: next.depth + 1,
      });
  }
  return null;
}

function badRequest(error: string, path: string): { ok: false; response: Response } {
  return { ok: false, response: errorResponse(400, error, { path }) };
}

function compileValidator(schema: TSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = getAjv("2020-12").compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** The body's bytes, or `null` as soon as more than `limitBytes` arrive (the rest is not read). */
async function readLimitedBytes(
  body: ReadableStream<Uint8Array> | null,
  limitBytes: number,
): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      // The answer is 413 whatever happens to the rest of the stream, so a failed cancel is moot.
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * The bytes as UTF-8, or `null` when they are not. A body that ends inside a character (a capture
 * cut mid-character) is read, that last character as U+FFFD: only an invalid byte before the end
 * makes it `null`.
 */
export function decodeUtf8(bytes: Uint8Array): string | null {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let text: string;
  try {
    // Streaming, fatal decoding throws only on an invalid byte and keeps an unfinished last character.
    text = decoder.decode(bytes, { stream: true });
  } catch {
    return null;
  }
  try {
    return text + decoder.decode();
  } catch {
    return `${text}\uFFFD`; // the bytes end inside a character
  }
}

function describeExpected(schema: TSchema): string {
  if (schema.type === "object") return "a JSON object";
  if (schema.type === "array") return "a JSON array";
  return "a JSON value";
}

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
