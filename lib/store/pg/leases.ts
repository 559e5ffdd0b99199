import "server-only";
import type { RunLeases } from "@/lib/store/event-store";
import type { PostgresBridge } from "./bridge";
import type { PostgresInstanceMessages } from "./messages";

/** Now in milliseconds by the database's clock (the time of the statement, not of its transaction). */
const NOW_MS = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

/** The run leases of one instance, in the `run_leases` table (one row per session with a live run). */
export class PostgresRunLeases implements RunLeases {
  constructor(
    private readonly bridge: PostgresBridge,
    readonly instanceId: string,
    readonly messages: PostgresInstanceMessages,
  ) {}

  claim(sessionId: string, runId: string, ttlMs: number): boolean {
    const rows = this.bridge.query(
      `INSERT INTO run_leases (session_id, run_id, instance_id, expires_at) VALUES ($1, $2, $3, ${NOW_MS} + $4)
       ON CONFLICT (session_id) DO UPDATE SET run_id = EXCLUDED.run_id, instance_id = EXCLUDED.instance_id,
         expires_at = EXCLUDED.expires_at
       WHERE run_leases.instance_id = EXCLUDED.instance_id OR run_leases.expires_at < ${NOW_MS}
       RETURNING session_id`,
      [sessionId, runId, this.instanceId, ttlMs],
    );
    return rows.length === 1;
  }

  renew(sessionIds: readonly string[], ttlMs: number): void {
    if (sessionIds.length === 0) return;
    this.bridge.query(
      `UPDATE run_leases SET expires_at = ${NOW_MS} + $1 WHERE instance_id = $2 AND session_id = ANY($3::text[])`,
      [ttlMs, this.instanceId, sessionIds],
    );
  }

  release(sessionId: string, runId: string): void {
    this.bridge.query("DELETE FROM run_leases WHERE session_id = $1 AND run_id = $2 AND instance_id = $3", [
      sessionId,
      runId,
      this.instanceId,
    ]);
  }

  isHeld(sessionId: string): boolean {
    return (
      this.bridge.query(`SELECT 1 FROM run_leases WHERE session_id = $1 AND expires_at >= ${NOW_MS}`, [
        sessionId,
      ]).length > 0
    );
  }

  holder(sessionId: string): string | null {
    const [row] = this.bridge.query(
      `SELECT instance_id FROM run_leases WHERE session_id = $1 AND expires_at >= ${NOW_MS}`,
      [sessionId],
    ) as [string][];
    return row ? row[0] : null;
  }

  orphans(): string[] {
    const rows = this.bridge.query(
      `SELECT s.id FROM sessions s
       LEFT JOIN run_leases l ON l.session_id = s.id AND l.expires_at >= ${NOW_MS}
       WHERE s.run_state IS NOT NULL AND (s.run_state::json ->> 'status') IN ('running', 'paused') AND l.session_id IS NULL
       ORDER BY s.id`,
    );
    return rows.map(([id]) => id as string);
  }

  lockSession(sessionId: string): void {
    this.bridge.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [sessionId]);
  }
}
