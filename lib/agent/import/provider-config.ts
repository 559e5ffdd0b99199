import "server-only";
import type { ValidateFunction } from "ajv";
import { ProviderConfigSchema } from "@/lib/contract/config";
import { checkProviderShape } from "@/lib/providers/provider-checks";
import { getAjv } from "@/lib/schema/ajv";
import { selectFirstFailure } from "@/lib/schema/union-branches";
import type { ProviderConfig } from "@/lib/trace/config";
import { describeValue, isRecord, type JsonObject } from "./shapes";

/** A provider config an import refuses: where it is (a JSON Pointer into the file) and why. */
export interface ProviderProblem {
  path: string;
  error: string;
}

const KINDS = ["offline", "anthropic", "openai-chat", "openai-responses"] as const;

let validator: ValidateFunction | undefined;

/**
 * An imported provider config checked exactly as `POST /api/sessions` checks one: the contract's
 * `ProviderConfig` schema (strict: an unknown field, kind, fault or a bad `baseURL` format is
 * refused), then the same semantic checks (`checkProviderShape`: an http(s) `baseURL`, faults
 * only offline). Whether the server holds a key is not asked: that is for the run.
 */
export function checkImportedProvider(provider: unknown, pointer: string): ProviderProblem | null {
  if (!isRecord(provider)) return { path: pointer, error: "a provider config must be an object." };
  if (!(KINDS as readonly unknown[]).includes(provider.kind))
    return {
      path: `${pointer}/kind`,
      error: `the provider kind must be one of ${KINDS.join(", ")}; got ${describeValue(provider.kind)}.`,
    };
  validator ??= getAjv("2020-12").compile(ProviderConfigSchema);
  if (!validator(provider)) {
    const first = selectFirstFailure(validator.errors ?? [])[0];
    const at = first?.instancePath ?? "";
    const extra =
      first?.keyword === "additionalProperties" ? ` (${describeValue(first.params.additionalProperty)})` : "";
    return { path: `${pointer}${at}`, error: `${first?.message ?? "is not a provider config"}${extra}.` };
  }
  const shape = checkProviderShape(provider as unknown as ProviderConfig);
  return shape ? { path: `${pointer}${shape.path}`, error: shape.error } : null;
}

/** The first provider config in an export's events (created, configured, fork edits) or its session that an import refuses. */
export function findBadProvider(events: readonly JsonObject[], session: unknown): ProviderProblem | null {
  for (const [index, event] of events.entries()) {
    const at = `/events/${index}`;
    const found =
      event.kind === "session.created" && isRecord(event.config)
        ? checkImportedProvider(event.config.provider, `${at}/config/provider`)
        : event.kind === "session.configured" && isRecord(event.changes) && isRecord(event.changes.provider)
          ? checkImportedProvider(event.changes.provider.after, `${at}/changes/provider/after`)
          : event.kind === "session.forked" && isRecord(event.edits) && event.edits.provider !== undefined
            ? checkImportedProvider(event.edits.provider, `${at}/edits/provider`)
            : null;
    if (found) return found;
  }
  if (isRecord(session) && session.provider !== undefined)
    return checkImportedProvider(session.provider, "/session/provider");
  return null;
}

/** The marker redaction writes (lib/store/redact.ts), as it may sit inside a base URL. */
const REDACTED_MARKER = "[REDACTED]";
const ENCODED_MARKER = "%5BREDACTED%5D";

/**
 * A base URL that held a secret holds the redaction marker once recorded (the store redacts every
 * event as it is appended), and `[` `]` make it no URI: such a URL is read percent-encoded, so a
 * session's own export imports again (its URL is held, like any imported one). Returns the events
 * and session with those base URLs encoded, copying only what changes; a note says so.
 */
export function encodeRedactedBaseURLs(
  events: JsonObject[],
  session: unknown,
  notes: string[],
): { events: JsonObject[]; session: unknown } {
  let changed = false;
  const encode = (provider: unknown): unknown => {
    if (
      !isRecord(provider) ||
      typeof provider.baseURL !== "string" ||
      !provider.baseURL.includes(REDACTED_MARKER)
    )
      return provider;
    changed = true;
    return { ...provider, baseURL: provider.baseURL.split(REDACTED_MARKER).join(ENCODED_MARKER) };
  };
  const out = events.map((event) => {
    if (event.kind === "session.created" && isRecord(event.config)) {
      const provider = encode(event.config.provider);
      return provider === event.config.provider ? event : { ...event, config: { ...event.config, provider } };
    }
    if (event.kind === "session.configured" && isRecord(event.changes) && isRecord(event.changes.provider)) {
      const { before, after } = event.changes.provider;
      const [b, a] = [encode(before), encode(after)];
      return b === before && a === after
        ? event
        : { ...event, changes: { ...event.changes, provider: { before: b, after: a } } };
    }
    if (event.kind === "session.forked" && isRecord(event.edits)) {
      const provider = encode(event.edits.provider);
      return provider === event.edits.provider ? event : { ...event, edits: { ...event.edits, provider } };
    }
    return event;
  });
  const encodedSession =
    isRecord(session) && session.provider !== undefined
      ? { ...session, provider: encode(session.provider) }
      : session;
  if (changed)
    notes.push("A provider baseURL held a redacted secret; it was read with [REDACTED] percent-encoded.");
  return { events: out, session: encodedSession };
}
