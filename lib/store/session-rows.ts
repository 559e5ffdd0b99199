import type { ProviderConfig } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { INITIAL_RUN_STATE, reduceRunState, type RunState } from "@/lib/trace/status";
import type { SessionPage, SessionRow, SessionSource } from "./event-store";
import type { Redactor } from "./redact";

/** A `sessions` row as SQLite returns it. */
export interface RawSession {
  id: string;
  title: string;
  created_at: number;
  parent_id: string | null;
  fork_seq: number | null;
  provider: string;
  event_count: number;
  source: string;
  run_state: string | null;
  client: string | null;
}

export function toRow(raw: RawSession, redact: Redactor): SessionRow {
  const status = raw.run_state ? (JSON.parse(raw.run_state) as RunState).status : "idle";
  return {
    id: raw.id,
    title: redact(raw.title),
    createdAt: raw.created_at,
    ...(raw.parent_id !== null ? { parentId: raw.parent_id } : {}),
    ...(raw.fork_seq !== null ? { forkSeq: raw.fork_seq } : {}),
    provider: redact(JSON.parse(raw.provider) as ProviderConfig),
    eventCount: raw.event_count,
    status,
    source: raw.source as SessionSource,
    ...(raw.client !== null ? { client: redact(raw.client) } : {}),
  };
}

// The event count is kept in the row: set once per transaction for each session it appended to (updateCounts).
export const SESSION_SELECT = `SELECT s.id, s.title, s.created_at, s.parent_id, s.fork_seq, s.provider, s.source, s.run_state, s.client,
  s.event_count FROM sessions s`;

export function encodeCursor(row: SessionRow): string {
  return Buffer.from(JSON.stringify([row.createdAt, row.id])).toString("base64url");
}

export function decodeCursor(cursor: string): { createdAt: number; id: string } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as unknown[];
    return typeof createdAt === "number" && Number.isSafeInteger(createdAt) && typeof id === "string"
      ? { createdAt, id }
      : null;
  } catch {
    return null;
  }
}

/**
 * The query of one page of sessions, newest first: `limit` rows (and one more, to tell whether
 * a next page exists) after `cursor`, of one `source` or all; `null` for a cursor never given out.
 */
export function buildSessionPageQuery(options: {
  limit: number;
  cursor?: string;
  source?: SessionSource;
}): { sql: string; values: (string | number)[] } | null {
  const after = options.cursor === undefined ? null : decodeCursor(options.cursor);
  if (options.cursor !== undefined && after === null) return null;
  const where: string[] = [];
  const values: (string | number)[] = [];
  if (after) {
    where.push("(s.created_at < ? OR (s.created_at = ? AND s.id > ?))");
    values.push(after.createdAt, after.createdAt, after.id);
  }
  if (options.source) {
    where.push("s.source = ?");
    values.push(options.source);
  }
  const sql = `${SESSION_SELECT}${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY s.created_at DESC, s.id LIMIT ?`;
  return { sql, values: [...values, options.limit + 1] };
}

/** The page {@link buildSessionPageQuery}'s rows make: at most `limit` of them, and the next cursor if more came. */
export function toSessionPage(raws: readonly RawSession[], limit: number, redact: Redactor): SessionPage {
  const sessions = toRows(raws.slice(0, limit), redact);
  const last = sessions.at(-1);
  return raws.length > limit && last ? { sessions, nextCursor: encodeCursor(last) } : { sessions };
}

/**
 * The rows as the API serves them, redacted on read (a key saved after a title was written is
 * not served). The redactor's screen reads the page's stored texts as one JSON text, so a page
 * with no secret in it — nearly every one — costs one scan instead of a walk of every value.
 */
export function toRows(raws: readonly RawSession[], redact: Redactor): SessionRow[] {
  const screen = redact.mayRewriteJson;
  const texts = raws.map(
    (raw) => `${JSON.stringify(raw.title)},${raw.provider},${JSON.stringify(raw.client)}`,
  );
  const clean = screen !== undefined && !screen(`[${texts.join(",")}]`);
  const redactRow: Redactor = clean ? (value) => value : redact;
  return raws.map((raw) => toRow(raw, redactRow));
}

/** A session's stored run state (`run_state`, null before its first run event) with a run event folded in. */
export function foldRunState(stored: string | null | undefined, event: TraceEvent): string {
  const before = stored ? (JSON.parse(stored) as RunState) : INITIAL_RUN_STATE;
  return JSON.stringify(reduceRunState(before, event));
}
