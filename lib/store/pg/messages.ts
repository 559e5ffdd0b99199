import "server-only";
import type { InstanceMessages } from "@/lib/store/event-store";
import type { Notification, PostgresBridge } from "./bridge";

/** The channel that tells an instance a message for it is in `instance_messages`. */
export const MESSAGES_CHANNEL = "toolscope_messages";

/** Now in milliseconds by the database's clock. */
const NOW_MS = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";
/** A message nobody read within this long is left by an instance that is gone: it is removed. */
const FORGOTTEN_MS = 10 * 60_000;

/** What the NOTIFY of a message says: for whom, which row. */
interface Ping {
  to: string;
  id: number;
}

/** An answer as stored: the answerer's value, or why it failed. */
type Answer = { ok: true; value: unknown } | { ok: false; error: string };

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Requests between instances through the database: a request is a row of `instance_messages`
 * addressed to an instance and a NOTIFY naming it (a body of any size, where a NOTIFY payload
 * holds 8000 bytes); the addressee deletes the row as it reads it (so it is read once), answers
 * with a row addressed back (`reply_to` the request's id) and a NOTIFY. A request unanswered
 * within its time is deleted by its sender, so an addressee that comes back later never acts on it.
 */
export class PostgresInstanceMessages implements InstanceMessages {
  private readonly waiting = new Map<number, Waiting>();
  private answerer: (body: unknown) => Promise<unknown> = () =>
    Promise.reject(new Error("this instance answers no requests"));

  constructor(
    private readonly bridge: PostgresBridge,
    private readonly instanceId: string,
  ) {}

  ask(to: string, body: unknown, timeoutMs: number): Promise<unknown> {
    const id = this.send(to, null, JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        try {
          // Unread, it is withdrawn; read, its late answer is dropped when it comes.
          this.bridge.query("DELETE FROM instance_messages WHERE id = $1", [id]);
        } catch (error) {
          console.error("toolscope: could not withdraw an unanswered request", error);
        }
        reject(new Error(`instance ${to} did not answer within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiting.set(id, { resolve, reject, timer });
    });
  }

  answer(answerer: (body: unknown) => Promise<unknown>): void {
    this.answerer = answerer;
  }

  /** A notification on {@link MESSAGES_CHANNEL}: reads the message if it is for this instance. */
  receive(notification: Notification): void {
    let ping: Ping;
    try {
      ping = JSON.parse(notification.payload) as Ping;
    } catch {
      return;
    }
    if (ping.to !== this.instanceId) return;
    const [row] = this.bridge.query(
      "DELETE FROM instance_messages WHERE id = $1 AND to_instance = $2 RETURNING from_instance, reply_to, body",
      [ping.id, this.instanceId],
    ) as [string, number | null, string][];
    if (!row) return;
    const [from, replyTo, body] = row;
    if (replyTo === null) {
      void this.serve(from, ping.id, body);
      return;
    }
    const waiting = this.waiting.get(replyTo);
    if (!waiting) return;
    this.waiting.delete(replyTo);
    clearTimeout(waiting.timer);
    const answer = JSON.parse(body) as Answer;
    if (answer.ok) waiting.resolve(answer.value);
    else waiting.reject(new Error(`instance ${from} failed to answer: ${answer.error}`));
  }

  /** Reads every message addressed here that is still unread (their NOTIFYs were lost). */
  catchUp(): void {
    const rows = this.bridge.query("SELECT id FROM instance_messages WHERE to_instance = $1 ORDER BY id", [
      this.instanceId,
    ]) as [number][];
    for (const [id] of rows)
      this.receive({
        channel: MESSAGES_CHANNEL,
        payload: JSON.stringify({ to: this.instanceId, id: Number(id) }),
      });
  }

  /** Fails every request still waiting (the store closes). */
  close(): void {
    for (const [id, waiting] of this.waiting) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error("the Postgres store closed before an answer came"));
      this.waiting.delete(id);
    }
  }

  private async serve(from: string, id: number, body: string): Promise<void> {
    let answer: Answer;
    try {
      answer = { ok: true, value: await this.answerer(JSON.parse(body)) };
    } catch (error) {
      answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    try {
      this.send(from, id, JSON.stringify(answer));
    } catch (error) {
      console.error(`toolscope: could not answer instance ${from}`, error);
    }
  }

  /** Writes a message and its NOTIFY (one statement, committed at once); returns its id. */
  private send(to: string, replyTo: number | null, body: string): number {
    const [, [[id]]] = this.bridge
      .batch([
        { text: `DELETE FROM instance_messages WHERE created_at < ${NOW_MS} - $1`, values: [FORGOTTEN_MS] },
        {
          text: `WITH m AS (
           INSERT INTO instance_messages (to_instance, from_instance, reply_to, body, created_at)
           VALUES ($1, $2, $3, $4, ${NOW_MS}) RETURNING id)
         SELECT id, pg_notify($5, json_build_object('to', $1::text, 'id', id)::text) FROM m`,
          values: [to, this.instanceId, replyTo, body, MESSAGES_CHANNEL],
        },
      ])
      .map((result) => result.rows) as [unknown, [[number]]];
    return Number(id);
  }
}
