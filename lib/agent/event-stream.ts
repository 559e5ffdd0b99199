import "server-only";
import type { TraceEvent } from "@/lib/trace/events";
import { EVENT_PAGE, yieldTurn } from "./abandon";
import type { Runtime } from "./runtime";

const HEARTBEAT_MS = 15_000;

/**
 * A session's events as `text/event-stream`: every event after `after` from the log, then the
 * live ones as they are appended — each exactly once, in `seq` order, each message `id: <seq>`
 * and `data: <event JSON>` (no `event:` field). Subscribes before reading the log, and drops
 * anything at or below the last seq sent, so nothing falls in the gap between the two; a live
 * event past a gap (another instance's, on Postgres, not yet announced) is preceded by the gap
 * read from the log. The log
 * is replayed a page at a time, yielding between pages: a client that goes away (`signal`)
 * stops the replay after at most one more page.
 */
export function streamSessionEvents(
  runtime: Runtime,
  sessionId: string,
  after: number,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let stop = () => {};
  let closed = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let lastSent = after;
      let replaying = true;
      const pending: TraceEvent[] = [];
      const write = (event: TraceEvent) => {
        lastSent = event.seq;
        controller.enqueue(encoder.encode(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`));
      };
      const send = (event: TraceEvent) => {
        if (event.seq <= lastSent) return;
        // On Postgres another instance's commits reach this bus a moment later than a newer event
        // appended here: what is missing below this one is committed, so it comes from the log.
        if (event.seq > lastSent + 1)
          for (const missed of runtime.store.eventsForReading(sessionId, lastSent, event.seq - lastSent - 1))
            if (missed.seq > lastSent) write(missed);
        write(event);
      };
      const unsubscribe = runtime.bus.subscribe(sessionId, (event) =>
        replaying ? pending.push(event) : send(event),
      );
      const heartbeat = setInterval(
        () => controller.enqueue(encoder.encode(": keep-alive\n\n")),
        HEARTBEAT_MS,
      );
      const close = () => {
        closed = true;
        stop();
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      stop = () => {
        unsubscribe();
        clearInterval(heartbeat);
        runtime.openStreams.delete(close);
      };
      runtime.openStreams.add(close);
      signal.addEventListener("abort", close);
      controller.enqueue(encoder.encode("retry: 1000\n\n"));
      const replay = async () => {
        for (;;) {
          if (closed || signal.aborted) return;
          const page = runtime.store.eventsForReading(sessionId, lastSent, EVENT_PAGE);
          if (closed) return;
          for (const event of page) send(event);
          if (page.length < EVENT_PAGE) break;
          await yieldTurn();
        }
        replaying = false;
        for (const event of pending) send(event);
        pending.length = 0;
      };
      void replay().catch(() => close());
    },
    cancel() {
      closed = true;
      stop();
    },
  });
}
