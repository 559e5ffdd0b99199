/**
 * Partially parsed tool arguments for the stream scrubber: what a tool call's input looks like
 * at any event, before its JSON is complete.
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/fine-grained-tool-streaming
 */
import { Allow, parse } from "partial-json";
import { freezeDeep } from "@/lib/protocol/json-value";

const CACHE_LIMIT = 256;
/** Raw text → its parse, so text that did not change since the last event is not parsed again. */
const cache = new Map<string, { value: unknown } | null>();

/**
 * A tool call's complete argument text parsed, for the unified `toolCall.arguments`: `null` when
 * it does not parse; empty (or blank) text is `{}`, as the SDK reads an input that streamed no
 * JSON.
 */
export function parseToolArguments(raw: string): unknown {
  if (raw.trim() === "") return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/**
 * Parses one block's partial JSON: an unfinished string, array or object is closed where it was
 * cut; an unfinished number, or a literal still too short to tell, is dropped. Empty text is `{}`
 * (as the SDK treats it). `null` when the text is malformed, not merely unfinished.
 */
export function parsePartialArguments(text: string): { value: unknown } | null {
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  let result: { value: unknown } | null;
  if (text.trim() === "") result = { value: freezeDeep({}) };
  else {
    try {
      result = { value: freezeDeep(parse(text, Allow.ALL) as unknown) };
    } catch {
      result = null;
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(text, result);
  return result;
}

/**
 * The partially parsed arguments of every tool block, by block index, from the `partialJson`
 * of an assembly state. Cheap after every event: the state already holds each block's joined
 * text, and a text seen before (a finished block's) comes from a small cache. An index whose text
 * is malformed is left out (its raw text is still in `partialJson`). Values are frozen, since
 * they are shared between calls.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/streaming#input-json-delta
 */
export function snapshotToolArguments(
  partialJson: Readonly<Record<number, string>>,
): Record<number, unknown> {
  const snapshot: Record<number, unknown> = {};
  for (const [index, text] of Object.entries(partialJson)) {
    const parsed = parsePartialArguments(text);
    if (parsed) snapshot[Number(index)] = parsed.value;
  }
  return snapshot;
}
