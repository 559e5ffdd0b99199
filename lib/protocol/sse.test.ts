import { describe, expect, it } from "vitest";
import {
  createSseDecoder,
  decodeSse,
  LENIENT_FLUSH_NOTE,
  STRICT_DROP_NOTE,
  type SseEvent,
} from "@/lib/protocol/sse";

describe("decodeSse", () => {
  it("gives event: null when a message has no event field (OpenAI chat style)", () => {
    expect(decodeSse('data: {"a":1}\n\ndata: [DONE]\n\n')).toEqual({
      events: [
        { event: null, data: '{"a":1}' },
        { event: null, data: "[DONE]" },
      ],
      notes: [],
    });
  });

  it("reads event and data fields with LF, CRLF and CR line ends alike", () => {
    const expected = [
      { event: "ping", data: '{"type": "ping"}' },
      { event: "message_stop", data: '{"type":"message_stop"}' },
    ];
    for (const eol of ["\n", "\r\n", "\r"]) {
      const text = [
        "event: ping",
        'data: {"type": "ping"}',
        "",
        "event: message_stop",
        'data: {"type":"message_stop"}',
        "",
        "",
      ].join(eol);
      expect(decodeSse(text).events).toEqual(expected);
    }
  });

  it("joins multi-line data with a newline", () => {
    expect(decodeSse("event: x\ndata: a\ndata: b\n\n").events).toEqual([{ event: "x", data: "a\nb" }]);
  });

  it("follows the specification by default: a final event without its blank line is not dispatched, with a note", () => {
    expect(decodeSse("event: a\ndata: 1\n\nevent: b\ndata: 2\n")).toEqual({
      events: [{ event: "a", data: "1" }],
      notes: [STRICT_DROP_NOTE],
    });
  });

  it("dispatches that final event when lenient, and notes that the capture ended without a blank line", () => {
    for (const ending of ["", "\n", "\r\n"]) {
      expect(decodeSse(`event: a\ndata: 1\n\nevent: b\ndata: 2${ending}`, { lenient: true })).toEqual({
        events: [
          { event: "a", data: "1" },
          { event: "b", data: "2" },
        ],
        notes: [LENIENT_FLUSH_NOTE],
      });
    }
  });

  it("adds no note when the stream ends properly, lenient or not", () => {
    expect(decodeSse("event: a\ndata: 1\n\n", { lenient: true }).notes).toEqual([]);
    expect(decodeSse("event: a\ndata: 1\n\n").notes).toEqual([]);
  });

  it("turns what the parser rejects into a note instead of throwing", () => {
    expect(decodeSse("foo: bar\nevent: a\ndata: 1\n\n")).toEqual({
      events: [{ event: "a", data: "1" }],
      notes: ['SSE parser: Unknown field "foo"'],
    });
  });
});

describe("createSseDecoder", () => {
  it("dispatches each event as soon as its blank line arrives, across chunk boundaries", () => {
    const seen: SseEvent[] = [];
    const decoder = createSseDecoder((event) => seen.push(event));
    decoder.feed("event: mess");
    decoder.feed("age_start\r");
    expect(seen).toEqual([]);
    decoder.feed("\ndata: {}\r\n\r");
    decoder.feed("\n");
    expect(seen).toEqual([{ event: "message_start", data: "{}" }]);
    expect(decoder.end()).toEqual([]);
  });

  it("decodes UTF-8 bytes split inside a character", () => {
    const seen: SseEvent[] = [];
    const decoder = createSseDecoder((event) => seen.push(event));
    const bytes = new TextEncoder().encode("data: 68°F — ok\n\n");
    const cut = bytes.indexOf(0xb0); // the second byte of "°"
    decoder.feed(bytes.slice(0, cut));
    decoder.feed(bytes.slice(cut));
    decoder.end();
    expect(seen).toEqual([{ event: null, data: "68°F — ok" }]);
  });

  it("refuses input after end() and returns the same notes when ended twice", () => {
    const decoder = createSseDecoder(() => undefined);
    decoder.feed("data: x");
    expect(decoder.end({ lenient: true })).toEqual([LENIENT_FLUSH_NOTE]);
    expect(decoder.end()).toEqual([LENIENT_FLUSH_NOTE]);
    expect(() => decoder.feed("data: y\n\n")).toThrow("feed() after end()");
  });
});
