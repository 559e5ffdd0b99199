/**
 * Which provider base URLs a session holds back (docs/architecture.md, "Security"): every
 * `provider.trust { trusted: false }` names one, until a later `provider.trust { trusted: true }`
 * for the same URL releases it. A person typing a base URL in this Toolscope needs no release: only
 * a URL that arrived as data (an import, or a fork of a held session) is ever held.
 */
import type { ProviderConfig } from "./config";
import type { TraceEvent } from "./events";
import { projectSessionConfig } from "./session-config";

/** A held base URL: why it is held, and the event that held it. */
export interface HeldBaseURL {
  baseURL: string;
  reason: string;
  seq: number;
}

/** Every base URL held as of the end of `events`, in the order they were held. */
export function listHeldBaseURLs(events: readonly TraceEvent[]): HeldBaseURL[] {
  const held = new Map<string, HeldBaseURL>();
  for (const event of events) {
    if (event.kind !== "provider.trust") continue;
    if (event.trusted) held.delete(event.baseURL);
    else held.set(event.baseURL, { baseURL: event.baseURL, reason: event.reason, seq: event.seq });
  }
  return [...held.values()];
}

/** Whether a provider of this kind sends requests to its `baseURL` (the offline model never does). */
export function usesBaseURL(provider: ProviderConfig): provider is ProviderConfig & { baseURL: string } {
  return provider.kind !== "offline" && typeof provider.baseURL === "string";
}

/**
 * The held base URL the session's current provider would send its requests to, or null when
 * a run may go ahead: no base URL, the offline model, or a URL that is not held.
 */
export function findHeldProviderURL(events: readonly TraceEvent[]): HeldBaseURL | null {
  const config = projectSessionConfig(events);
  if (!config || !usesBaseURL(config.provider)) return null;
  const url = config.provider.baseURL;
  return listHeldBaseURLs(events).find((held) => held.baseURL === url) ?? null;
}

/**
 * Every base URL any provider config in `events` names (created, configured before and after,
 * fork edits), in first-seen order: what an import must hold.
 */
export function listNamedBaseURLs(events: readonly unknown[]): string[] {
  const urls = new Set<string>();
  const add = (provider: unknown) => {
    if (isObject(provider) && typeof provider.baseURL === "string") urls.add(provider.baseURL);
  };
  for (const event of events) {
    if (!isObject(event)) continue;
    if (event.kind === "session.created" && isObject(event.config)) add(event.config.provider);
    if (event.kind === "session.configured" && isObject(event.changes) && isObject(event.changes.provider)) {
      add(event.changes.provider.before);
      add(event.changes.provider.after);
    }
    if (event.kind === "session.forked" && isObject(event.edits)) add(event.edits.provider);
  }
  return [...urls];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
