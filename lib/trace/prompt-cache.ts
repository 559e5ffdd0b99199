/**
 * A deterministic model of a provider's prompt cache, for the offline upstream of a capture
 * (docs/api.md, "Capture"): how much of a request's prefix the previous request of its session
 * left cached. The request is cut into the context diff's units (each tool, each system block,
 * each message: context-diff.ts), each reduced to a short key (cache markers left out, so moving
 * a `cache_control` does not break the prefix) and a token count (a quarter of its characters).
 *
 * - Anthropic caches explicitly: the previous request wrote an entry at each of its
 *   `cache_control` breakpoints; this one reads the longest entry its own prefix still matches,
 *   up to its last breakpoint, and writes the rest up to that breakpoint. Nothing is cached
 *   below {@link MIN_CACHEABLE_TOKENS}.
 * - OpenAI caches automatically: the prefix shared with the previous request, once it is
 *   {@link MIN_CACHEABLE_TOKENS} or more, counted in steps of {@link OPENAI_CACHE_STEP}.
 * Pure.
 */
import type { WireFormat } from "@/lib/protocol/unified";
import { canonicalizeValue } from "./canonical-json";
import { contentUnits, stripMarkers } from "./context-diff";

/** The shortest prefix either provider caches (Anthropic's Sonnet and Opus minimum; OpenAI's). */
export const MIN_CACHEABLE_TOKENS = 1024;
/** OpenAI counts cached tokens in steps of 128 past the first 1024. */
export const OPENAI_CACHE_STEP = 128;

/** One unit of a request's prefix. */
export interface PrefixUnit {
  /** A hash of the unit's section and canonical content, markers left out. */
  key: string;
  tokens: number;
  /** Whether the unit carries a `cache_control` (an Anthropic breakpoint). */
  breakpoint: boolean;
}

/** What the cache did for one request. */
export interface CacheUse {
  /** Tokens read from the cache (Anthropic `cache_read_input_tokens`, OpenAI `cached_tokens`). */
  readTokens: number;
  /** Tokens written to it (Anthropic `cache_creation_input_tokens`; always 0 for OpenAI). */
  creationTokens: number;
}

/** Two 32-bit FNV-1a hashes of `text` with different offsets, as 16 hex digits. */
function hashText(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

function hasMarker(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasMarker);
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return record.cache_control !== undefined || Object.values(record).some(hasMarker);
}

/** The units of a request body's prefix, in sending order (tools → system → messages). */
export function readPromptPrefix(body: Record<string, unknown>): PrefixUnit[] {
  return contentUnits(body).map((unit) => {
    const text = canonicalizeValue(stripMarkers(unit.value));
    return {
      key: hashText(`${unit.section}\n${text}`),
      tokens: Math.max(1, Math.ceil(text.length / 4)),
      breakpoint: hasMarker(unit.value),
    };
  });
}

function sharedUnits(previous: readonly PrefixUnit[], current: readonly PrefixUnit[]): number {
  let index = 0;
  while (index < previous.length && index < current.length && previous[index]!.key === current[index]!.key)
    index++;
  return index;
}

function sumTokens(units: readonly PrefixUnit[], count: number): number {
  let total = 0;
  for (let index = 0; index < count; index++) total += units[index]!.tokens;
  return total;
}

/**
 * What the cache did for `current` given the session's `previous` request (`null` for its first),
 * in `format`'s provider's model (see the file comment).
 */
export function estimateCacheUse(
  format: WireFormat,
  current: readonly PrefixUnit[],
  previous: readonly PrefixUnit[] | null,
): CacheUse {
  const shared = previous ? sharedUnits(previous, current) : 0;
  if (format !== "anthropic") {
    const tokens = sumTokens(current, shared);
    if (tokens < MIN_CACHEABLE_TOKENS) return { readTokens: 0, creationTokens: 0 };
    const steps = Math.floor((tokens - MIN_CACHEABLE_TOKENS) / OPENAI_CACHE_STEP);
    return { readTokens: MIN_CACHEABLE_TOKENS + steps * OPENAI_CACHE_STEP, creationTokens: 0 };
  }
  const lastBreak = current.findLastIndex((unit) => unit.breakpoint);
  if (lastBreak < 0) return { readTokens: 0, creationTokens: 0 };
  // The longest entry the previous request wrote that this prefix still matches, up to its last breakpoint.
  let hit = -1;
  for (let index = Math.min(shared, lastBreak + 1) - 1; index >= 0; index--)
    if (previous![index]!.breakpoint) {
      hit = index;
      break;
    }
  const read = hit >= 0 ? sumTokens(current, hit + 1) : 0;
  const upToBreak = sumTokens(current, lastBreak + 1);
  const readTokens = read >= MIN_CACHEABLE_TOKENS ? read : 0;
  const creationTokens = upToBreak >= MIN_CACHEABLE_TOKENS ? upToBreak - readTokens : 0;
  return { readTokens, creationTokens };
}
