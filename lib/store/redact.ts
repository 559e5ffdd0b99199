import "server-only";

/** Secret shapes that must never be appended: provider keys, bearer tokens, private keys. */
export const DEFAULT_SECRET_PATTERNS: readonly RegExp[] = [
  /sk-ant-[A-Za-z0-9_-]{8,}/g,
  /sk-(?:proj-)?[A-Za-z0-9_-]{16,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/-]{16,}=*/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
];

export const REDACTED = "[REDACTED]";

export type Redactor = <T>(value: T) => T;

/**
 * Builds a function that replaces every known secret (exact strings such as the configured
 * keys and the launch token, and the default patterns) in every string of a JSON value, object
 * keys included (two keys that redact alike keep the last value).
 * `secrets` may be a function, read on every call, for secrets that change while the server
 * runs (keys entered in the settings page).
 */
export function createRedactor(
  secrets: readonly (string | null | undefined)[] | (() => readonly (string | null | undefined)[]),
  patterns = DEFAULT_SECRET_PATTERNS,
): Redactor {
  const listSecrets = () =>
    (typeof secrets === "function" ? secrets() : secrets).filter(
      (s): s is string => typeof s === "string" && s.length >= 8,
    );
  const redactString = (text: string): string => {
    let out = text;
    for (const secret of listSecrets()) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    for (const pattern of patterns) out = out.replace(pattern, REDACTED);
    return out;
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return redactString(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value))
        // Keys too: a schema's property names and tool arguments are text a person or model wrote.
        Object.defineProperty(out, redactString(key), {
          value: walk(item),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return out;
    }
    return value;
  };
  return <T>(value: T) => walk(value) as T;
}
