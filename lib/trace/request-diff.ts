/**
 * The difference between two consecutive requests of a session, section by section in the order
 * a request is sent (tools → system → messages). The leading unchanged sections are the stable
 * prefix prompt caching can reuse. Pure.
 */

/** The three sections of a request, in the order they are sent. */
export const REQUEST_SECTIONS = ["tools", "system", "messages"] as const;
export type RequestSectionName = (typeof REQUEST_SECTIONS)[number];

/** `added`/`removed`: the section is present in only the current/previous request. */
export type SectionStatus = "unchanged" | "changed" | "added" | "removed";

export interface SectionDiff {
  name: RequestSectionName;
  status: SectionStatus;
  /** The section's value in the current request (`undefined` when absent). */
  value: unknown;
  /** Items in the section (tools or messages), or `null` for the system prompt or an absent section. */
  count: number | null;
}

export interface RequestDiff {
  sections: SectionDiff[];
  /** The leading sections that are unchanged since the previous request. */
  stablePrefix: RequestSectionName[];
  /** Messages after the longest run of messages both requests share from the start. */
  addedMessages: number;
}

/** Where each provider keeps a section: Anthropic and chat use `system`/`messages`, Responses `instructions`/`input`. */
const SECTION_KEYS: Record<RequestSectionName, readonly string[]> = {
  tools: ["tools"],
  system: ["system", "instructions"],
  messages: ["messages", "input"],
};

/** Reads one section of a request body, or `undefined` when the body has none. */
export function readSection(body: Record<string, unknown>, name: RequestSectionName): unknown {
  for (const key of SECTION_KEYS[name]) if (body[key] !== undefined) return body[key];
  return undefined;
}

/** Structural equality of JSON values; key order does not matter. */
export function isJsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => isJsonEqual(item, b[index]));
  }
  const left = Object.entries(a).filter(([, value]) => value !== undefined);
  const right = b as Record<string, unknown>;
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return left.length === rightKeys.length && left.every(([key, value]) => isJsonEqual(value, right[key]));
}

function countCommonPrefix(previous: unknown, current: unknown): number {
  if (!Array.isArray(previous) || !Array.isArray(current)) return 0;
  let index = 0;
  while (index < previous.length && index < current.length && isJsonEqual(previous[index], current[index])) {
    index += 1;
  }
  return index;
}

function deriveStatus(previous: unknown, current: unknown, hasPrevious: boolean): SectionStatus {
  if (!hasPrevious) return current === undefined ? "unchanged" : "added";
  if (previous === undefined && current === undefined) return "unchanged";
  if (previous === undefined) return "added";
  if (current === undefined) return "removed";
  return isJsonEqual(previous, current) ? "unchanged" : "changed";
}

/**
 * Compares a request body with the previous one (`null` for a session's first request, whose
 * present sections are all `added` and whose stable prefix is empty).
 */
export function diffRequests(
  previous: Record<string, unknown> | null,
  current: Record<string, unknown>,
): RequestDiff {
  const sections = REQUEST_SECTIONS.map((name): SectionDiff => {
    const before = previous === null ? undefined : readSection(previous, name);
    const value = readSection(current, name);
    return {
      name,
      status: deriveStatus(before, value, previous !== null),
      value,
      count: name !== "system" && Array.isArray(value) ? value.length : null,
    };
  });
  const stablePrefix: RequestSectionName[] = [];
  if (previous !== null) {
    for (const section of sections) {
      if (section.status !== "unchanged") break;
      stablePrefix.push(section.name);
    }
  }
  const before = previous === null ? undefined : readSection(previous, "messages");
  const after = readSection(current, "messages");
  const addedMessages = Array.isArray(after) ? after.length - countCommonPrefix(before, after) : 0;
  return { sections, stablePrefix, addedMessages };
}
