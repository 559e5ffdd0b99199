import type { ProviderConfig } from "@/lib/trace/config";
import type { RunState } from "@/lib/trace/status";
import type { SessionRow, SessionSource } from "./event-store";
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
