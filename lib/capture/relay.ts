/**
 * The relay: the upstream's response body passed to the client chunk by chunk, as it arrives and
 * byte for byte, the complete SSE events of a chunk appended to the log (all or none, by
 * `onEvents`) before the chunk is passed on (the same order as the wire tap of a run,
 * lib/providers/wire-tap.ts). Pull-driven: the next upstream chunk is read only when the client
 * has taken the last one, so nothing piles up.
 */
import "server-only";
import { createSseDecoder, STRICT_DROP_NOTE, type SseEvent } from "@/lib/protocol/sse";
import type { RelayChunks } from "./types";

/** How a relayed stream ended. */
export type RelayEnd =
  /** The upstream closed the stream; `cutMidEvent` when its last event had no closing blank line. */
  | { kind: "ended"; cutMidEvent: boolean }
  /** Reading the upstream failed (the connection broke). */
  | { kind: "upstream-failed"; message: string }
  /** The client hung up first; the upstream request was aborted. */
  | { kind: "client-gone" }
  /**
   * The log refused a chunk's events (`onEvents` threw): the chunk was not passed on, the
   * upstream request was aborted and the client's stream errors.
   */
  | { kind: "record-failed"; message: string };

export interface RelayOptions {
  body: ReadableStream<Uint8Array>;
  /**
   * Called with the complete events of each chunk (never an empty list), in order, before the
   * chunk that completed them is passed on. When it throws, nothing of that chunk is passed on.
   */
  onEvents(events: SseEvent[]): void;
  /** Called once, when the stream ends whichever way. */
  onEnd(end: RelayEnd): void;
  /** Aborts the upstream request (called when the client hangs up). */
  abortUpstream(): void;
  /** The client's request signal: it aborts when the client hangs up. */
  clientSignal: AbortSignal;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}

/**
 * The client's side of the relay: the upstream's bytes, unchanged, as a pull source (a writer that
 * takes chunks itself, the Node capture handler, reads it with no Web stream between the
 * upstream's read and its write; {@link chunksToStream} for a `Response`).
 */
export function relayChunks(options: RelayOptions): RelayChunks {
  const reader = options.body.getReader();
  let queue: SseEvent[] = [];
  const decoder = createSseDecoder((event) => queue.push(event));
  let ended = false;
  const end = (result: RelayEnd) => {
    if (ended) return;
    ended = true;
    options.clientSignal.removeEventListener("abort", onClientGone);
    options.onEnd(result);
  };
  const onClientGone = () => {
    if (ended) return;
    options.abortUpstream();
    end({ kind: "client-gone" });
    void reader.cancel().catch(() => undefined);
  };
  options.clientSignal.addEventListener("abort", onClientGone, { once: true });
  /** Passes a chunk on: its complete events appended first (throws, the relay ended, when they are not). */
  const pass = (read: ReadableStreamReadResult<Uint8Array>): Uint8Array | null => {
    let notes: string[] = [];
    if (read.done) notes = decoder.end();
    else decoder.feed(read.value);
    if (queue.length > 0) {
      const chunk = queue;
      queue = [];
      try {
        options.onEvents(chunk);
      } catch (error) {
        options.abortUpstream();
        end({ kind: "record-failed", message: describeError(error) });
        void reader.cancel().catch(() => undefined);
        throw error;
      }
    }
    if (read.done) {
      end({ kind: "ended", cutMidEvent: notes.includes(STRICT_DROP_NOTE) });
      return null;
    }
    return read.value;
  };
  return {
    async read() {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (error) {
        if (ended) return null;
        end({ kind: "upstream-failed", message: describeError(error) });
        throw error;
      }
      return ended ? null : pass(read);
    },
    cancel: onClientGone,
  };
}

/** {@link RelayChunks} as a Web stream (pulled one chunk at a time: nothing piles up). */
export function chunksToStream(chunks: RelayChunks): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: Uint8Array | null;
        try {
          chunk = await chunks.read();
        } catch (error) {
          controller.error(error);
          return;
        }
        if (chunk === null) controller.close();
        else controller.enqueue(chunk);
      },
      cancel() {
        chunks.cancel();
      },
    },
    { highWaterMark: 0 },
  );
}
