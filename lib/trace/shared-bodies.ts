import { scanArray, scanObject, type JsonMember } from "./json-scan";

/**
 * A page of the log with its request bodies shared (docs/api.md, `?bodies=shared`): an agent's
 * requests repeat themselves — the same tools and system prompt, the history of the one before
 * plus a turn — so in a long log the `request.assembled` bodies were most of a page's bytes, and
 * reading them most of the browser's time to open it. A shared event keeps what differs from the
 * page's previous `request.assembled` and names the rest in `bodyShared`; `expandRequestBodies`
 * gives back the very events, their bodies' keys in order, the shared values the same objects
 * as the previous body's (so the page's heap holds one copy of a repeated tool list). Pure.
 *
 * Nothing is shared across pages: the first request of a page is whole, so each page reads alone.
 */

/** What an event's `body` left out, beside it in the page. */
export interface SharedBody {
  /** The seq of the previous `request.assembled` in the page, whose body this one shares. */
  from: number;
  /** The body's keys, in order. */
  keys: string[];
  /** Keys whose values equal the previous body's: left out of `body`. */
  same: string[];
  /**
   * Keys whose arrays begin with the previous body's first `n` items (the conversation so far):
   * `body` holds the items after them.
   */
  prefix: Record<string, number>;
}

type Body = Record<string, unknown>;

const isBody = (value: unknown): value is Body =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A request's stored text, where its body's values are in it, and its arrays' items (found once, kept for the next). */
interface Known {
  seq: number;
  text: string;
  members: Map<string, JsonMember>;
  items: Map<string, [number, number][] | null>;
}

function itemsOf(known: Known, key: string, member: JsonMember): [number, number][] | null {
  let items = known.items.get(key);
  if (items === undefined) {
    items = scanArray(known.text, member.start, member.end);
    known.items.set(key, items);
  }
  return items;
}

const sliceOf = (known: Known, at: { start: number; end: number }) => known.text.slice(at.start, at.end);

/** `current`'s body as the text of what differs from `previous`'s, or `null` when nothing is shared. */
function shareBody(previous: Known, current: Known): { body: string; shared: SharedBody } | null {
  const keys: string[] = [];
  const same: string[] = [];
  const prefix: Record<string, number> = {};
  const rest: string[] = [];
  for (const [key, member] of current.members) {
    const name = JSON.parse(key) as string;
    keys.push(name);
    const before = previous.members.get(key);
    const value = sliceOf(current, member);
    if (before && before.end - before.start === value.length && sliceOf(previous, before) === value) {
      same.push(name);
      continue;
    }
    const items = before ? itemsOf(current, key, member) : null;
    const earlier = before && items ? itemsOf(previous, key, before) : null;
    let count = 0;
    if (items && earlier)
      while (
        count < items.length &&
        count < earlier.length &&
        sliceOf(current, { start: items[count]![0], end: items[count]![1] }) ===
          sliceOf(previous, { start: earlier[count]![0], end: earlier[count]![1] })
      )
        count++;
    if (count > 0) {
      prefix[name] = count;
      const tail = count < items!.length ? current.text.slice(items![count]![0], items!.at(-1)![1]) : "";
      rest.push(`${key}:[${tail}]`);
    } else rest.push(`${key}:${value}`);
  }
  if (same.length === 0 && Object.keys(prefix).length === 0) return null;
  return { body: `{${rest.join(",")}}`, shared: { from: previous.seq, keys, same, prefix } };
}

/**
 * A stored text's request parts: `null` when it is not a `request.assembled`; `known` null when it
 * is one that can be neither shared nor shared with (no object body, or a `bodyShared` of its own).
 */
function readRequest(text: string): { known: Known | null; body: JsonMember | null } | null {
  const members = scanObject(text, 0);
  // Unreadable (never so for a stored text): whether it is a request is not known, so nothing after it shares with one before.
  if (!members) return { known: null, body: null };
  let kind: string | undefined;
  let seq: number | undefined;
  let body: JsonMember | undefined;
  let own = false;
  for (const member of members) {
    if (member.key === '"kind"') kind = text.slice(member.start, member.end);
    else if (member.key === '"seq"') seq = Number(text.slice(member.start, member.end));
    else if (member.key === '"body"') body = member;
    else if (member.key === '"bodyShared"') own = true;
  }
  if (kind !== '"request.assembled"') return null;
  // A request without a body or a seq (never so for a stored one) is not shared, nor shared with.
  if (!body || !Number.isInteger(seq)) return { known: null, body: null };
  const fields = scanObject(text, body.start, body.end);
  if (!fields) return { known: null, body };
  const known: Known = { seq: seq!, text, members: new Map(), items: new Map() };
  for (const field of fields) known.members.set(field.key, field);
  // A duplicate key (never in a stored text) would make the body unreadable back: not shared.
  return { known: own || known.members.size !== fields.length ? null : known, body };
}

/**
 * A page's event texts with the bodies of its `request.assembled` events shared (see the file
 * comment), and the seqs of those shared. Found in the stored texts as they are (nothing parsed);
 * any other text is passed on as it is.
 */
export function shareRequestBodies(texts: readonly string[]): { texts: string[]; shared: number[] } {
  let previous: Known | null = null;
  const shared: number[] = [];
  const out = texts.map((text) => {
    if (!text.includes('"request.assembled"')) return text;
    const request = readRequest(text);
    if (!request) return text;
    const current = request.known;
    const sharing = previous && current ? shareBody(previous, current) : null;
    previous = current;
    if (!sharing || !request.body) return text;
    shared.push(current!.seq);
    const close = text.lastIndexOf("}");
    return `${text.slice(0, request.body.start)}${sharing.body}${text.slice(request.body.end, close)},"bodyShared":${JSON.stringify(sharing.shared)}}`;
  });
  return { texts: out, shared };
}

/** Why a page's shared body cannot be read back; a page the server wrote never has one. */
export class SharedBodyError extends Error {}

function readShared(value: unknown, seq: unknown): SharedBody {
  const shared = value as Partial<SharedBody> | null;
  const isStrings = (list: unknown): list is string[] =>
    Array.isArray(list) && list.every((item) => typeof item === "string");
  if (
    typeof shared !== "object" ||
    shared === null ||
    typeof shared.from !== "number" ||
    !isStrings(shared.keys) ||
    !isStrings(shared.same) ||
    !isBody(shared.prefix) ||
    !Object.values(shared.prefix).every((count) => Number.isInteger(count) && (count as number) > 0)
  )
    throw new SharedBodyError(`event ${String(seq)}: bodyShared is not { from, keys, same, prefix }`);
  return shared as SharedBody;
}

/**
 * The events of a page read with `?bodies=shared`, the bodies of those whose seqs are in `shared`
 * (the page's `sharedBodies`) whole again (see the file comment); every other event is returned
 * as it is. Throws {@link SharedBodyError} when a shared body names a request the page does not
 * hold just before it, or a value it lacks.
 */
export function expandRequestBodies<E extends { kind: string; seq: number }>(
  events: readonly E[],
  shared: readonly number[] = [],
): E[] {
  if (shared.length === 0) return [...events];
  const sharing = new Set(shared);
  let previous: { seq: number; body: Body } | null = null;
  return events.map((event) => {
    if (event.kind !== "request.assembled") return event;
    let expanded: E = event;
    if (sharing.has(event.seq)) {
      const { bodyShared, ...rest } = event as E & { body?: unknown; bodyShared?: unknown };
      const described = readShared(bodyShared, event.seq);
      if (!previous || previous.seq !== described.from)
        throw new SharedBodyError(
          `event ${event.seq}: its body is shared with event ${described.from}, which is not the page's previous request`,
        );
      expanded = {
        ...rest,
        body: expandBody(previous.body, rest.body, described, event.seq),
      } as unknown as E;
    }
    const body = (expanded as { body?: unknown }).body;
    previous = isBody(body) ? { seq: event.seq, body } : null;
    return expanded;
  });
}

function expandBody(previous: Body, partial: unknown, shared: SharedBody, seq: number): Body {
  if (!isBody(partial)) throw new SharedBodyError(`event ${seq}: a shared body is not an object`);
  const same = new Set(shared.same);
  const entries = shared.keys.map((key): [string, unknown] => {
    const missing = () => new SharedBodyError(`event ${seq}: body.${key} is shared but missing`);
    if (same.has(key)) {
      if (!Object.hasOwn(previous, key)) throw missing();
      return [key, previous[key]];
    }
    if (!Object.hasOwn(partial, key)) throw missing();
    const count = Object.hasOwn(shared.prefix, key) ? shared.prefix[key]! : 0;
    if (count === 0) return [key, partial[key]];
    const before = previous[key];
    const after = partial[key];
    if (!Array.isArray(before) || !Array.isArray(after) || before.length < count) throw missing();
    return [key, [...before.slice(0, count), ...after]];
  });
  return Object.fromEntries(entries);
}
