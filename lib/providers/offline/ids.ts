/**
 * Deterministic ids for the offline model: a hash of the request body, so the same body always
 * gives the same message and the same tool-use ids. Server-only (uses `node:crypto`).
 */
import "server-only";
import { createHash } from "node:crypto";

/**
 * `value` as JSON with object keys sorted, so key order never changes a hash. `undefined`
 * members are left out, as `JSON.stringify` does.
 */
export function canonicalizeJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalizeJson(item ?? null)).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalizeJson(record[key])}`);
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The request body as the model sees it: canonical JSON without `stream`, which changes how the
 * answer is delivered, not what it is.
 */
export function canonicalizeRequest(body: object): string {
  const { stream: _stream, ...rest } = body as Record<string, unknown>;
  return canonicalizeJson(rest);
}

/** The first 24 hex digits of the SHA-256 of `text`. */
export function hashText(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 24);
}

/** The message id for a canonical request: `msg_offline_<24 hex>`. */
export function deriveMessageId(canonical: string): string {
  return `msg_offline_${hashText(`message\u0000${canonical}`)}`;
}

/** The id of the `index`-th tool call of the reply: `toolu_offline_<24 hex>`. */
export function deriveToolUseId(canonical: string, index: number): string {
  return `toolu_offline_${hashText(`tool_use\u0000${index}\u0000${canonical}`)}`;
}

/** The `request-id` header for a raw request body: `req_offline_<24 hex>`. */
export function deriveRequestId(rawBody: string): string {
  return `req_offline_${hashText(`request\u0000${rawBody}`)}`;
}
