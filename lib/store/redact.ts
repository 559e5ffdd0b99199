import "server-only";
import type { LinearRegex } from "@/lib/schema/linear-regex";

/**
 * Secret shapes that must never be appended: provider keys, bearer tokens, private keys. An AWS
 * access key id is caught glued to other text too (`keyAKIA…`), at the cost of a rare false hit.
 */
export const DEFAULT_SECRET_PATTERNS: readonly RegExp[] = [
  /sk-ant-[A-Za-z0-9_-]{8,}/g,
  /sk-(?:proj-)?[A-Za-z0-9_-]{16,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/-]{16,}=*/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  /AKIA[0-9A-Z]{16}/g,
];

export const REDACTED = "[REDACTED]";

/** A pattern redaction runs: one of ours (a global `RegExp`), or a person's on the linear-time engine. */
export type TextPattern = RegExp | LinearRegex;

/** `text` with every non-empty match of `pattern` replaced by `replace(match)`. */
export function replaceMatches(
  text: string,
  pattern: TextPattern,
  replace: (match: string) => string,
): string {
  if (!(pattern instanceof RegExp)) return pattern.replaceAll(text, replace);
  const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
  return text.replace(global, (match) => (match === "" ? match : replace(match)));
}

/**
 * Rewrites every secret in a JSON value. `mayRewriteJson`, where present, screens a value's JSON
 * text (as `JSON.stringify` wrote it) cheaply: `false` means the redactor would leave that value
 * as it is, so a stored text can be sent without parsing it; `true` means it may not.
 */
export type Redactor = (<T>(value: T) => T) & { mayRewriteJson?: (json: string) => boolean };

/**
 * Text every match of a {@link DEFAULT_SECRET_PATTERNS} pattern holds verbatim, JSON-escaped or
 * not (each starts with one of these, whatever the characters around it are escaped to).
 */
const DEFAULT_PATTERN_ANCHORS: readonly string[] = ["sk-", "Bearer", "-----BEGIN", "AKIA"];

/** `text` as it appears inside a JSON string (`JSON.stringify` escapes each character on its own). */
function escapeForJson(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** The envelope every event carries (`{ seq, at, sessionId, kind }`): never rewritten. */
const ENVELOPE_FIELDS: ReadonlySet<string> = new Set(["seq", "at", "sessionId", "kind"]);

/**
 * Fields whose string value is a discriminant (`type`, `role`, `stage`, a stop reason's
 * `unified`, …) or a reference (`callId`, `toolCallId`, `id`, …), at any depth: a session's own
 * patterns never rewrite them, so none can break an event's shape or a call's pairing.
 */
export const STRUCTURAL_FIELDS: ReadonlySet<string> = new Set([
  ...ENVELOPE_FIELDS,
  "type",
  "role",
  "stage",
  "status",
  "unified",
  "trigger",
  "errorKind",
  "decision",
  "format",
  "direction",
  "object",
  "event",
  "id",
  "runId",
  "callId",
  "toolCallId",
  "tool_use_id",
  "call_id",
  "parentId",
]);

type SecretList = readonly (string | null | undefined)[] | (() => readonly (string | null | undefined)[]);

/**
 * Builds the built-in redactor: every known secret (exact strings such as the configured keys
 * and the launch token, at least 8 characters, in the encodings an upstream may echo them in —
 * see {@link listSecretForms} — and the default patterns) is replaced in every
 * string of a JSON value, object keys included (a schema's property names and a model's argument
 * names are text someone wrote; two keys that redact alike keep the last value). The envelope's
 * fields (top-level `seq`, `at`, `sessionId`, `kind`) are left alone. Neither a known secret nor
 * a default shape can spell a field name of the formats, so this never changes an event's shape.
 * `secrets` may be a function, read on every call, for secrets that change while the server
 * runs (keys entered in the settings page).
 */
export function createRedactor(
  secrets: SecretList,
  patterns: readonly TextPattern[] = DEFAULT_SECRET_PATTERNS,
): Redactor {
  // Filtered once per list: a lister that returns the same array while nothing changed costs
  // a comparison per call.
  let listed: { from: readonly unknown[]; secrets: string[] } | null = null;
  const listSecrets = (): string[] => {
    const from = typeof secrets === "function" ? secrets() : secrets;
    if (listed?.from !== from)
      listed = { from, secrets: from.filter((s): s is string => typeof s === "string" && s.length >= 8) };
    return listed.secrets;
  };
  // The secrets are listed once per value redacted, not once per string in it.
  const redact: Redactor = <T>(value: T) => {
    const forms = listSecrets().flatMap((secret) => listSecretForms(secret));
    const redactString = (text: string): string => {
      let out = text;
      for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
      for (const pattern of patterns) out = replaceMatches(out, pattern, () => REDACTED);
      return out;
    };
    return walk(value, { redactString, keys: true, keep: ENVELOPE_FIELDS, topOnly: true }) as T;
  };
  // Only the default patterns have known anchors; a redactor with others parses every text.
  if (patterns === DEFAULT_SECRET_PATTERNS)
    redact.mayRewriteJson = (json) =>
      DEFAULT_PATTERN_ANCHORS.some((anchor) => json.includes(anchor)) ||
      listSecrets().some((secret) => listJsonForms(secret).some((form) => json.includes(form)));
  return redact;
}

/**
 * Builds the redactor of a session's own patterns (`policy.redact`, which a person or an imported
 * file wrote and which may match anything): string values only — never an object key, never a
 * {@link STRUCTURAL_FIELDS} value at any depth.
 */
export function createSessionRedactor(patterns: readonly TextPattern[]): Redactor {
  const redactString = (text: string): string => {
    let out = text;
    for (const pattern of patterns) out = replaceMatches(out, pattern, () => REDACTED);
    return out;
  };
  return <T>(value: T) =>
    walk(value, { redactString, keys: false, keep: STRUCTURAL_FIELDS, topOnly: false }) as T;
}

const formsCache = new Map<string, readonly string[]>();
const jsonFormsCache = new Map<string, readonly string[]>();

/** {@link listSecretForms} as each appears inside a JSON text (cached: the screen runs on every append). */
function listJsonForms(secret: string): readonly string[] {
  const cached = jsonFormsCache.get(secret);
  if (cached) return cached;
  const forms = listSecretForms(secret).map(escapeForJson);
  if (jsonFormsCache.size > 100) jsonFormsCache.clear();
  jsonFormsCache.set(secret, forms);
  return forms;
}

/**
 * The ways a known secret may be spelled inside text: as is; JSON-escaped (a `"` or `\` in it);
 * every character `\u`-escaped (lower- or upper-case hex); URL-encoded (either hex case); and
 * base64 / base64url at each of the three byte alignments, cut to the characters that encode the
 * secret alone, so it is found inside a longer base64 text too. Forms under 8 characters are left
 * out (too likely to occur by chance).
 */
export function listSecretForms(secret: string): readonly string[] {
  const cached = formsCache.get(secret);
  if (cached) return cached;
  const forms = new Set<string>([secret, JSON.stringify(secret).slice(1, -1)]);
  for (const upper of [false, true]) {
    let escaped = "";
    for (let index = 0; index < secret.length; index++) {
      const hex = secret.charCodeAt(index).toString(16).padStart(4, "0");
      escaped += `\\u${upper ? hex.toUpperCase() : hex}`;
    }
    forms.add(escaped);
  }
  const url = encodeURIComponent(secret);
  forms.add(url).add(url.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()));
  const bytes = Buffer.from(secret, "utf8");
  for (const offset of [0, 1, 2]) {
    const total = offset + bytes.length;
    const base64 = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const core = base64.slice(offset === 0 ? 0 : 4, Math.floor(total / 3) * 4);
    forms.add(core).add(core.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  const listed = [...forms].filter((form) => form.length >= 8);
  if (formsCache.size > 100) formsCache.clear();
  formsCache.set(secret, listed);
  return listed;
}

interface WalkRules {
  redactString: (text: string) => string;
  /** Whether object keys are rewritten too. */
  keys: boolean;
  /** Fields whose string or number values are kept as they are. */
  keep: ReadonlySet<string>;
  /** Whether `keep` applies to the top-level object only (the envelope) or at any depth. */
  topOnly: boolean;
}

function walk(value: unknown, rules: WalkRules, depth = 0): unknown {
  if (typeof value === "string") return rules.redactString(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, rules, depth + 1));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    const keeping = !rules.topOnly || depth === 0;
    for (const [key, item] of Object.entries(value)) {
      const kept = keeping && rules.keep.has(key) && (typeof item === "string" || typeof item === "number");
      const name = kept || !rules.keys ? key : rules.redactString(key);
      const next = kept ? item : walk(item, rules, depth + 1);
      // A plain assignment, but for `__proto__`, which it would take as the prototype.
      if (name === "__proto__")
        Object.defineProperty(out, name, {
          value: next,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else out[name] = next;
    }
    return out;
  }
  return value;
}
