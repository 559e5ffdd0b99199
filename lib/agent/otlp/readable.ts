import "server-only";
import { SpanKind, SpanStatusCode, TraceFlags, type HrTime } from "@opentelemetry/api";
import { resourceFromAttributes, type Resource } from "@opentelemetry/resources";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import type { SpanRecord } from "@/lib/otel/types";
import { SEMCONV_VERSION } from "@/lib/otel/types";

/** The instrumentation scope every exported span names. */
export const SCOPE = { name: "toolscope", version: "1" };

/** The resource every exported span names: this service. */
export function createResource(version: string): Resource {
  return resourceFromAttributes({
    "service.name": "toolscope",
    "service.version": version,
    "toolscope.semconv": SEMCONV_VERSION,
  });
}

function toHrTime(ms: number): HrTime {
  const whole = Math.floor(ms);
  const seconds = Math.floor(whole / 1000);
  const nanos = Math.min(
    999_999_999,
    (whole - seconds * 1000) * 1_000_000 + Math.round((ms - whole) * 1_000_000),
  );
  return [seconds, nanos];
}

const STATUS = { unset: SpanStatusCode.UNSET, ok: SpanStatusCode.OK, error: SpanStatusCode.ERROR } as const;

/** A finished span record as the SDK's `ReadableSpan`, which the official exporters and serializers take. */
export function toReadableSpan(span: SpanRecord, resource: Resource): ReadableSpan {
  const endMs = span.endMs ?? span.startMs;
  const context = { traceId: span.traceId, spanId: span.spanId, traceFlags: TraceFlags.SAMPLED };
  return {
    name: span.name,
    kind: span.kind === "client" ? SpanKind.CLIENT : SpanKind.INTERNAL,
    spanContext: () => context,
    ...(span.parentSpanId
      ? {
          parentSpanContext: {
            traceId: span.traceId,
            spanId: span.parentSpanId,
            traceFlags: TraceFlags.SAMPLED,
          },
        }
      : {}),
    startTime: toHrTime(span.startMs),
    endTime: toHrTime(endMs),
    duration: toHrTime(endMs - span.startMs),
    status: {
      code: STATUS[span.status.code],
      ...(span.status.message ? { message: span.status.message } : {}),
    },
    attributes: span.attributes,
    links: [],
    events: span.events.map((event) => ({
      name: event.name,
      time: toHrTime(event.atMs),
      attributes: event.attributes,
    })),
    ended: true,
    resource,
    instrumentationScope: SCOPE,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}
