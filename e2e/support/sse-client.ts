import { createParser } from "eventsource-parser";
import type { TraceEvent } from "@/lib/trace/events";

/** One message of a session's event stream, as received: its `id:` line and its event. */
export interface ReceivedMessage {
  id: string;
  event: TraceEvent;
}

/**
 * A Node-side client of `GET /api/sessions/:id/events` over real HTTP: every message it has
 * received, in order, and a way to wait for one. `lastEventId` resumes the way a browser
 * reconnecting does (the `Last-Event-ID` header).
 */
export interface EventStreamClient {
  received: ReceivedMessage[];
  /** Resolves with the first received message that matches (already received or still to come). */
  waitFor(match: (event: TraceEvent) => boolean): Promise<ReceivedMessage>;
  /** Resolves when the server ends the stream or the connection drops. */
  ended: Promise<void>;
  close(): void;
}

/** Opens the session's event stream with the bearer token. */
export async function openEventStream(options: {
  origin: string;
  token: string;
  sessionId: string;
  lastEventId?: number;
}): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(`${options.origin}/api/sessions/${options.sessionId}/events`, {
    headers: {
      Authorization: `Bearer ${options.token}`,
      Accept: "text/event-stream",
      ...(options.lastEventId === undefined ? {} : { "Last-Event-ID": String(options.lastEventId) }),
    },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`the event stream answered ${response.status}: ${await response.text()}`);
  const received: ReceivedMessage[] = [];
  const waiters: { match: (event: TraceEvent) => boolean; resolve: (m: ReceivedMessage) => void }[] = [];
  const parser = createParser({
    onEvent(message) {
      const item = { id: message.id ?? "", event: JSON.parse(message.data) as TraceEvent };
      received.push(item);
      for (const waiter of [...waiters]) {
        if (!waiter.match(item.event)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(item);
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      // The connection dropped (a killed server) or we closed it.
    }
  })();
  return {
    received,
    ended,
    waitFor(match) {
      const found = received.find((item) => match(item.event));
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => controller.abort(),
  };
}
