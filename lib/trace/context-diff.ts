/**
 * The context diff between consecutive requests of a session: what the client (or Toolscope's own
 * loop) changed in tools, system and history, which other request fields changed, and where the
 * cacheable prefix broke — shown beside the cache counters the upstream reported for the request.
 * Builds on request-diff.ts (its sections and their order, tools → system → messages). Pure.
 */
import type { RequestAssembled, TraceEvent, TurnCompleted } from "./events";
import { isJsonEqual, readSection, REQUEST_SECTIONS, type RequestSectionName } from "./request-diff";

/** Markers that say where to cache but are not content: moving them does not break a prefix. */
const MARKER_KEYS = new Set(["cache_control"]);

/** The request fields that are sections (each provider's name for them). */
const SECTION_FIELDS = new Set(["tools", "system", "instructions", "messages", "input"]);

export interface ToolsDiff {
  /** Names (by position for a tool without one) in the current request that the previous one lacked. */
  added: string[];
  removed: string[];
  /** Present in both, with a different definition. */
  changed: string[];
  /** The same tools in another order (which breaks a cached prefix all the same). */
  reordered: boolean;
  count: number;
}

export interface SystemDiff {
  status: "unchanged" | "changed" | "added" | "removed" | "absent";
  /** The first character (string prompt) or block (block list) that differs; null when unchanged. */
  firstDifference: number | null;
}

export interface HistoryDiff {
  /** Messages the two requests share from the start. */
  kept: number;
  /** Messages of the current request after the shared ones. */
  appended: number;
  /** Messages of the previous request after the shared ones: the client rewrote or dropped them. */
  rewritten: number;
  count: number;
}

/** The first unit (a tool, a system block or string, a message) where the previous request's content stops being a prefix of the current one. */
export interface PrefixBreak {
  section: RequestSectionName;
  /** Index within the section (0 for a string system prompt). */
  index: number;
  /** A tool's name or a message's role, when there is one. */
  label: string | null;
}

/** The cache counters the upstream reported for a request (null when it did not report one). */
export interface CacheReport {
  inputTokens: number | null;
  /** Anthropic `cache_read_input_tokens`; OpenAI `cached_tokens`. */
  cachedTokens: number | null;
  /** Anthropic `cache_creation_input_tokens` (OpenAI has none). */
  cacheWriteTokens: number | null;
  /** The provider's name for `cachedTokens`. */
  field: "cache_read_input_tokens" | "cached_tokens";
}

export interface ContextDiff {
  /** False for a session's first request: everything is new and nothing can be cached. */
  hasPrevious: boolean;
  tools: ToolsDiff;
  system: SystemDiff;
  history: HistoryDiff;
  /** Other top-level fields whose value changed (model, thinking, tool_choice, …), sorted. */
  otherChanged: string[];
  /** `null` when the previous request's whole content is a prefix of the current one. */
  prefixBreak: PrefixBreak | null;
  /** Units of content before the break (or all of the previous request's, when it did not break). */
  prefixUnits: number;
}

/** A copy without cache markers, so that moving a marker compares equal. */
export function stripMarkers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripMarkers);
  if (typeof value !== "object" || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (!MARKER_KEYS.has(key)) copy[key] = stripMarkers(item);
  return copy;
}

function same(a: unknown, b: unknown): boolean {
  return isJsonEqual(stripMarkers(a), stripMarkers(b));
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A tool's name in any provider's shape (`name`, or chat's `function.name`), else its position. */
export function readToolName(tool: unknown, index: number): string {
  if (typeof tool === "object" && tool !== null) {
    const record = tool as Record<string, unknown>;
    if (typeof record.name === "string") return record.name;
    const fn = record.function;
    if (typeof fn === "object" && fn !== null && typeof (fn as { name?: unknown }).name === "string") {
      return (fn as { name: string }).name;
    }
    if (typeof record.type === "string") return record.type;
  }
  return `#${index}`;
}

function diffTools(previous: unknown[], current: unknown[]): ToolsDiff {
  const before = new Map(previous.map((tool, index) => [readToolName(tool, index), tool]));
  const after = new Map(current.map((tool, index) => [readToolName(tool, index), tool]));
  const added = [...after.keys()].filter((name) => !before.has(name));
  const removed = [...before.keys()].filter((name) => !after.has(name));
  const changed = [...after.keys()].filter(
    (name) => before.has(name) && !same(before.get(name), after.get(name)),
  );
  const beforeOrder = [...before.keys()].filter((name) => after.has(name));
  const afterOrder = [...after.keys()].filter((name) => before.has(name));
  const reordered = beforeOrder.some((name, index) => afterOrder[index] !== name);
  return { added, removed, changed, reordered, count: current.length };
}

function firstTextDifference(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index += 1;
  return index;
}

function diffSystem(previous: unknown, current: unknown): SystemDiff {
  if (previous === undefined && current === undefined) return { status: "absent", firstDifference: null };
  if (previous === undefined) return { status: "added", firstDifference: 0 };
  if (current === undefined) return { status: "removed", firstDifference: 0 };
  if (same(previous, current)) return { status: "unchanged", firstDifference: null };
  if (typeof previous === "string" && typeof current === "string") {
    return { status: "changed", firstDifference: firstTextDifference(previous, current) };
  }
  const before = Array.isArray(previous) ? previous : [previous];
  const after = Array.isArray(current) ? current : [current];
  return { status: "changed", firstDifference: countShared(before, after) };
}

function countShared(previous: unknown[], current: unknown[]): number {
  let index = 0;
  while (index < previous.length && index < current.length && same(previous[index], current[index]))
    index += 1;
  return index;
}

function diffHistory(previous: unknown[], current: unknown[]): HistoryDiff {
  const kept = countShared(previous, current);
  return { kept, appended: current.length - kept, rewritten: previous.length - kept, count: current.length };
}

/** The request's content as units in sending order: each tool, the system prompt's blocks, each message. */
export function contentUnits(
  body: Record<string, unknown>,
): { section: RequestSectionName; index: number; value: unknown }[] {
  return REQUEST_SECTIONS.flatMap((section) => {
    const value = readSection(body, section);
    if (value === undefined) return [];
    const items = section === "system" && !Array.isArray(value) ? [value] : asList(value);
    return items.map((item, index) => ({ section, index, value: item }));
  });
}

function readLabel(section: RequestSectionName, index: number, value: unknown): string | null {
  if (section === "tools") return readToolName(value, index);
  if (section === "messages" && typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.role === "string") return record.role;
    if (typeof record.type === "string") return record.type;
  }
  return null;
}

function findPrefixBreak(
  previous: Record<string, unknown>,
  current: Record<string, unknown>,
): { prefixBreak: PrefixBreak | null; prefixUnits: number } {
  const before = contentUnits(previous);
  const after = contentUnits(current);
  for (let index = 0; index < before.length; index += 1) {
    const left = before[index]!;
    const right = after[index];
    if (right === undefined || right.section !== left.section || !same(left.value, right.value)) {
      const at = right ?? left;
      return {
        prefixBreak: {
          section: at.section,
          index: at.index,
          label: readLabel(at.section, at.index, at.value),
        },
        prefixUnits: index,
      };
    }
  }
  return { prefixBreak: null, prefixUnits: before.length };
}

function diffOtherFields(previous: Record<string, unknown>, current: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(previous), ...Object.keys(current)]);
  return [...keys].filter((key) => !SECTION_FIELDS.has(key) && !same(previous[key], current[key])).sort();
}

/** Compares a request body with the previous one (`null` for a session's first request). */
export function diffContext(
  previous: Record<string, unknown> | null,
  current: Record<string, unknown>,
): ContextDiff {
  const base = previous ?? {};
  const tools = diffTools(asList(readSection(base, "tools")), asList(readSection(current, "tools")));
  const system = diffSystem(readSection(base, "system"), readSection(current, "system"));
  const history = diffHistory(
    asList(readSection(base, "messages")),
    asList(readSection(current, "messages")),
  );
  if (previous === null) {
    return {
      hasPrevious: false,
      tools,
      system,
      history,
      otherChanged: [],
      prefixBreak: null,
      prefixUnits: 0,
    };
  }
  return {
    hasPrevious: true,
    tools,
    system,
    history,
    otherChanged: diffOtherFields(previous, current),
    ...findPrefixBreak(previous, current),
  };
}

function readCount(record: unknown, key: string): number | null {
  if (typeof record !== "object" || record === null) return null;
  const value = (record as Record<string, unknown>)[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function readRecord(record: unknown, key: string): unknown {
  return typeof record === "object" && record !== null ? (record as Record<string, unknown>)[key] : undefined;
}

/** The cache counters in a turn's assembled response, in its own provider's fields. */
export function readCacheReport(turn: Pick<TurnCompleted, "format" | "message">): CacheReport {
  const usage = readRecord(turn.message, "usage");
  switch (turn.format) {
    case "anthropic":
      return {
        inputTokens: readCount(usage, "input_tokens"),
        cachedTokens: readCount(usage, "cache_read_input_tokens"),
        cacheWriteTokens: readCount(usage, "cache_creation_input_tokens"),
        field: "cache_read_input_tokens",
      };
    case "openai-chat":
      return {
        inputTokens: readCount(usage, "prompt_tokens"),
        cachedTokens: readCount(readRecord(usage, "prompt_tokens_details"), "cached_tokens"),
        cacheWriteTokens: null,
        field: "cached_tokens",
      };
    case "openai-responses":
      return {
        inputTokens: readCount(usage, "input_tokens"),
        cachedTokens: readCount(readRecord(usage, "input_tokens_details"), "cached_tokens"),
        cacheWriteTokens: null,
        field: "cached_tokens",
      };
  }
}

export interface TurnContext {
  request: RequestAssembled;
  /** The previous turn's request it is compared with, or null for the first. */
  previous: RequestAssembled | null;
  diff: ContextDiff;
  /** What the upstream reported for this request; null until its turn completed. */
  cache: CacheReport | null;
}

/**
 * Each request's diff against the one before it, by the request event (events are immutable, so
 * a diff stays right while its request follows the same previous one): a jump does not diff
 * every turn of a long session again.
 */
const diffs = new WeakMap<RequestAssembled, { previous: RequestAssembled | null; diff: ContextDiff }>();

function diffAfter(previous: RequestAssembled | null, request: RequestAssembled): ContextDiff {
  const known = diffs.get(request);
  if (known && known.previous === previous) return known.diff;
  const diff = diffContext(previous?.body ?? null, request.body);
  diffs.set(request, { previous, diff });
  return diff;
}

/** Each turn's last request up to `upTo` (inclusive), diffed against the turn before, with its cache report. */
export function projectContextDiffs(events: readonly TraceEvent[], upTo = Infinity): TurnContext[] {
  const requests = new Map<number, RequestAssembled>();
  const completed = new Map<number, TurnCompleted>();
  for (const event of events) {
    if (event.seq > upTo) break;
    if (event.kind === "request.assembled") requests.set(event.turn, event);
    if (event.kind === "turn.completed") completed.set(event.turn, event);
  }
  const ordered = [...requests.values()].sort((a, b) => a.turn - b.turn);
  return ordered.map((request, index) => {
    const previous = index === 0 ? null : ordered[index - 1]!;
    const turn = completed.get(request.turn);
    return {
      request,
      previous,
      diff: diffAfter(previous, request),
      cache: turn && turn.attempt === request.attempt ? readCacheReport(turn) : null,
    };
  });
}
