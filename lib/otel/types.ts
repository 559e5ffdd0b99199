/**
 * A span as the mapping produces it: plain data, times in epoch milliseconds, ids in hex. The
 * server turns these into the OpenTelemetry SDK's spans to send them (lib/agent/otlp).
 */

export type AttributeValue = string | number | boolean | string[];
export type Attributes = Record<string, AttributeValue>;

export interface SpanEventRecord {
  name: string;
  atMs: number;
  attributes: Attributes;
}

export type SpanKindName = "internal" | "client";

export interface SpanRecord {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: SpanKindName;
  startMs: number;
  /** `null` while the span is still open (a run in progress, a call awaiting approval). */
  endMs: number | null;
  attributes: Attributes;
  events: SpanEventRecord[];
  status: { code: "unset" | "ok" | "error"; message?: string };
}

/** What the mapping may put on spans besides the metadata. */
export interface SpanOptions {
  /**
   * Opt-in content (the conventions' "opt-in" attributes): input and output messages, system
   * instructions, tool definitions, tool call arguments and results, stage summaries, decisions'
   * reasons. Off by default: these hold what people typed and what tools returned.
   */
  captureContent: boolean;
}

/** The GenAI semantic conventions this mapping follows (docs/otel.md). */
export const SEMCONV_VERSION = "semantic-conventions-genai v0.1.0";
