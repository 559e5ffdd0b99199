/**
 * Server-sent events decoding, on top of `eventsource-parser` (WHATWG rules: LF, CR and CRLF line
 * ends, `event:`/`data:` fields, dispatch on a blank line).
 *
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 */
import { createParser } from "eventsource-parser";

/** One dispatched SSE message. `event` is `null` when the message had no `event:` field. */
export interface SseEvent {
  event: string | null;
  data: string;
}

export interface SseEndOptions {
  /**
   * Dispatch a final event that lacks its terminating blank line (for a pasted capture). By
   * default the specification is followed and such an event is dropped, with a note.
   */
  lenient?: boolean;
}

export interface SseDecoder {
  /**
   * Feeds the next chunk. Bytes are decoded as UTF-8, a character split across chunks included;
   * feed one kind (strings or bytes) per decoder, or a split character may be reordered.
   */
  feed(chunk: string | Uint8Array): void;
  /** Ends the input and returns the notes: parser complaints, and what happened to a cut event. */
  end(options?: SseEndOptions): string[];
}

export const LENIENT_FLUSH_NOTE =
  "The capture ended without a blank line after its last event; that event was dispatched anyway (lenient reading).";
export const STRICT_DROP_NOTE =
  "The stream ended without a blank line after its last event; as the SSE specification says, that event was not dispatched.";

/**
 * Creates an incremental SSE decoder: `onEvent` is called for every message as soon as its
 * blank line arrives, whatever the chunk boundaries. Never throws on malformed input; what the
 * parser rejects becomes a note.
 *
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html#dispatchMessage
 */
export function createSseDecoder(onEvent: (event: SseEvent) => void): SseDecoder {
  const notes: string[] = [];
  const textDecoder = new TextDecoder("utf-8");
  let ended = false;
  /** Set while end() feeds the missing blank line: events dispatched then were cut off. */
  let flushing = false;
  let flushed = 0;
  let lenientFlush = false;
  const parser = createParser({
    onEvent: (message) => {
      if (flushing) flushed += 1;
      if (!flushing || lenientFlush) onEvent({ event: message.event ?? null, data: message.data });
    },
    onError: (error) => notes.push(`SSE parser: ${error.message}`),
  });

  return {
    feed(chunk) {
      if (ended) throw new Error("feed() after end()");
      parser.feed(typeof chunk === "string" ? chunk : textDecoder.decode(chunk, { stream: true }));
    },
    end(options = {}) {
      if (ended) return [...notes];
      ended = true;
      const rest = textDecoder.decode();
      if (rest) parser.feed(rest);
      lenientFlush = options.lenient === true;
      flushing = true;
      // Two line ends: the first closes a cut line, the second is the missing blank line.
      parser.feed("\n\n");
      flushing = false;
      if (flushed > 0) notes.push(lenientFlush ? LENIENT_FLUSH_NOTE : STRICT_DROP_NOTE);
      return [...notes];
    },
  };
}

/**
 * Decodes a whole SSE text. Spec-following by default: a final event without its blank line is
 * not dispatched (and a note says so); `lenient` dispatches it and notes that the capture ended
 * without a blank line.
 *
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 */
export function decodeSse(
  text: string,
  options: SseEndOptions = {},
): { events: SseEvent[]; notes: string[] } {
  const events: SseEvent[] = [];
  const decoder = createSseDecoder((event) => events.push(event));
  decoder.feed(text);
  const notes = decoder.end(options);
  return { events, notes };
}
