import { describe, expect, it } from "vitest";
import { isOtlpTrace, readOtlpTrace } from "./read-otlp";

const span = (fields: Record<string, unknown> = {}) => ({
  traceId: "0af7651916cd43dd8448eb211c80319c",
  spanId: "b7ad6b7169203331",
  name: "chat gpt-4o",
  startTimeUnixNano: "1700000000123456789",
  endTimeUnixNano: 1700000001000000000,
  attributes: [
    { key: "gen_ai.operation.name", value: { stringValue: "chat" } },
    { key: "gen_ai.usage.input_tokens", value: { intValue: "12" } },
    { key: "gen_ai.request.temperature", value: { doubleValue: 0.5 } },
    { key: "gen_ai.request.stream", value: { boolValue: true } },
    { key: "gen_ai.response.finish_reasons", value: { arrayValue: { values: [{ stringValue: "stop" }] } } },
    { key: "extra", value: { kvlistValue: { values: [{ key: "a", value: { intValue: 1 } }] } } },
  ],
  ...fields,
});
const trace = (...spans: unknown[]) => ({
  resourceSpans: [{ resource: {}, scopeSpans: [{ scope: {}, spans }] }],
});

describe("readOtlpTrace", () => {
  it("reads ids, nanosecond times and every kind of AnyValue", () => {
    const read = readOtlpTrace(
      trace(span({ parentSpanId: "", status: { code: 2, message: "boom" }, kind: 3 })),
    );
    if (!read.ok) throw new Error(read.error);
    expect(read.spans).toEqual([
      {
        traceId: "0af7651916cd43dd8448eb211c80319c",
        spanId: "b7ad6b7169203331",
        name: "chat gpt-4o",
        kind: 3,
        startMs: 1700000000123.4568,
        endMs: 1700000001000,
        attributes: {
          "gen_ai.operation.name": "chat",
          "gen_ai.usage.input_tokens": 12,
          "gen_ai.request.temperature": 0.5,
          "gen_ai.request.stream": true,
          "gen_ai.response.finish_reasons": ["stop"],
          extra: { a: 1 },
        },
        events: [],
        status: { code: 2, message: "boom" },
        path: "/resourceSpans/0/scopeSpans/0/spans/0",
      },
    ]);
  });

  it.each([
    [{ resourceSpans: {} }, "/resourceSpans"],
    [{ resourceSpans: [7] }, "/resourceSpans/0"],
    [{ resourceSpans: [{ scopeSpans: "x" }] }, "/resourceSpans/0/scopeSpans"],
    [trace(span(), span({ traceId: "xyz" })), "/resourceSpans/0/scopeSpans/0/spans/1/traceId"],
    [trace(span({ spanId: "0000000000000000" })), "/resourceSpans/0/scopeSpans/0/spans/0/spanId"],
    [trace(span({ parentSpanId: "12" })), "/resourceSpans/0/scopeSpans/0/spans/0/parentSpanId"],
    [trace(span({ name: 5 })), "/resourceSpans/0/scopeSpans/0/spans/0/name"],
    [trace(span({ startTimeUnixNano: "soon" })), "/resourceSpans/0/scopeSpans/0/spans/0/startTimeUnixNano"],
    [
      trace(span({ attributes: [{ key: "k", value: 3 }] })),
      "/resourceSpans/0/scopeSpans/0/spans/0/attributes/0/value",
    ],
    [trace(span({ attributes: [{ value: {} }] })), "/resourceSpans/0/scopeSpans/0/spans/0/attributes/0"],
    [
      trace(span({ events: [{ name: "e", timeUnixNano: "x" }] })),
      "/resourceSpans/0/scopeSpans/0/spans/0/events/0/timeUnixNano",
    ],
  ])("refuses a malformed trace naming the path (%#)", (value, path) => {
    const read = readOtlpTrace(value);
    expect(read.ok ? null : read.path).toBe(path);
  });

  it("tells an OTLP trace by its resourceSpans", () => {
    expect(isOtlpTrace(trace())).toBe(true);
    expect(isOtlpTrace({ messages: [] })).toBe(false);
    expect(isOtlpTrace([])).toBe(false);
  });
});
