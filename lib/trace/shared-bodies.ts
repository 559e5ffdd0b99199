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

/** A request's body, with its values as text (each key's, each array item's), made once and kept for the next. */
interface Known {
  seq: number;
  body: Body;
  texts: Map<string, string>;
  items: Map<string, string[]>;
}

function textOf(known: Known, key: string): string {
  let text = known.texts.get(key);
  if (text === undefined) {
    text = JSON.stringify(known.body[key]);
    known.texts.set(key, text);
  }
  return text;
}

function itemTextOf(known: Known, key: string, index: number): string {
  let items = known.items.get(key);
  if (items === undefined) {
    items = [];
    known.items.set(key, items);
  }
  items[index] ??= JSON.stringify((known.body[key] as unknown[])[index]);
  return items[index];
}

/** `current`'s body as what differs from `previous`'s, or `null` when nothing is shared. */
function shareBody(previous: Known, current: Known): { body: Body; shared: SharedBody } | null {
  const keys = Object.keys(current.body);
  const same: string[] = [];
  const prefix: Record<string, number> = {};
  const rest: [string, unknown][] = [];
  for (const key of keys) {
    const value = current.body[key];
    if (!Object.hasOwn(previous.body, key)) {
      rest.push([key, value]);
      continue;
    }
    if (textOf(current, key) === textOf(previous, key)) {
      same.push(key);
      continue;
    }
    const before = previous.body[key];
    if (Array.isArray(value) && Array.isArray(before)) {
      let count = 0;
      while (
        count < before.length &&
        count < value.length &&
        itemTextOf(current, key, count) === itemTextOf(previous, key, count)
      )
        count++;
      if (count > 0) {
        prefix[key] = count;
        rest.push([key, value.slice(count)]);
        continue;
      }
    }
    rest.push([key, value]);
  }
  if (same.length === 0 && Object.keys(prefix).length === 0) return null;
  return { body: Object.fromEntries(rest), shared: { from: previous.seq, keys, same, prefix } };
}

/**
 * A page's event texts with the bodies of its `request.assembled` events shared (see the file
 * comment). Any other text is passed on as it is, unparsed.
 */
export function shareRequestBodies(texts: readonly string[]): string[] {
  let previous: Known | null = null;
  return texts.map((text) => {
    if (!text.includes('"request.assembled"')) return text;
    const event = JSON.parse(text) as { kind?: unknown; seq?: unknown; body?: unknown };
    if (event.kind !== "request.assembled" || typeof event.seq !== "number" || !isBody(event.body))
      return text;
    const current: Known = { seq: event.seq, body: event.body, texts: new Map(), items: new Map() };
    const shared = previous ? shareBody(previous, current) : null;
    previous = current;
    return shared ? JSON.stringify({ ...event, body: shared.body, bodyShared: shared.shared }) : text;
  });
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
 * The events of a page read with `?bodies=shared`, each shared body whole again (see the file
 * comment). Events without `bodyShared` are returned as they are. Throws {@link SharedBodyError}
 * when a shared body names a request the page does not hold before it, or a value it lacks.
 */
export function expandRequestBodies<E extends { kind: string; seq: number }>(events: readonly E[]): E[] {
  let previous: { seq: number; body: Body } | null = null;
  return events.map((event) => {
    if (event.kind !== "request.assembled") return event;
    const { bodyShared, ...rest } = event as E & { body?: unknown; bodyShared?: unknown };
    let expanded: E = event;
    if (bodyShared !== undefined) {
      const shared = readShared(bodyShared, event.seq);
      if (!previous || previous.seq !== shared.from)
        throw new SharedBodyError(
          `event ${event.seq}: its body is shared with event ${shared.from}, which is not the page's previous request`,
        );
      expanded = { ...rest, body: expandBody(previous.body, rest.body, shared, event.seq) } as unknown as E;
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
