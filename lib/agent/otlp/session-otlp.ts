import "server-only";
import { ExportResultCode } from "@opentelemetry/core";
import { JsonTraceSerializer } from "@opentelemetry/otlp-transformer";
import { mapSessionToSpans } from "@/lib/otel/session-spans";
import type { SpanRecord } from "@/lib/otel/types";
import { createRedactor } from "@/lib/store/redact";
import type { OtlpSendReply, OtlpTraceFile } from "@/lib/contract/otlp";
import { findLiveRun } from "../live-run";
import { refuse, succeed, type Outcome } from "../outcome";
import type { Runtime } from "../runtime";
import { getSessionDetail } from "../session-detail";
import { createResource, toReadableSpan } from "./readable";

/** A finished session's spans, from its log as the API serves it, redacted once more like an export. */
function readSessionSpans(runtime: Runtime, id: string, captureContent: boolean): Outcome<SpanRecord[]> {
  const detail = getSessionDetail(runtime, id);
  if (!detail.ok) return detail;
  const { events } = detail.value;
  if (findLiveRun(runtime, id, events))
    return refuse("conflict", `Session ${id} has a live run; export it to OTLP once the run ends.`);
  const redact = createRedactor(runtime.secrets);
  const spans = redact(mapSessionToSpans(events, { captureContent })).filter((span) => span.endMs !== null);
  return spans.length > 0
    ? succeed(spans)
    : refuse("not_found", `Session ${id} has no requests or calls to export.`);
}

const resourceOf = (runtime: Runtime) => createResource(runtime.version);

/**
 * `GET /api/sessions/:id/otlp`: the session as an OTLP/JSON trace file (the official
 * transformer's JSON encoding), with the content attributes unless `content` is false: a file
 * a person downloads holds what the Toolscope export holds. `POST /api/import` reads it back.
 */
export function exportSessionOtlpJson(runtime: Runtime, id: string, content = true): Outcome<OtlpTraceFile> {
  const spans = readSessionSpans(runtime, id, content);
  if (!spans.ok) return spans;
  const resource = resourceOf(runtime);
  const bytes = JsonTraceSerializer.serializeRequest(
    spans.value.map((span) => toReadableSpan(span, resource)),
  );
  if (!bytes) return refuse("unprocessable", `Session ${id} could not be encoded as OTLP/JSON.`);
  return succeed(JSON.parse(new TextDecoder().decode(bytes)) as OtlpTraceFile);
}

/**
 * `POST /api/sessions/:id/otlp`: sends the session's spans to the configured collector now and
 * answers once it has taken them (content attributes as the export settings say).
 */
export async function sendSessionOtlp(runtime: Runtime, id: string): Promise<Outcome<OtlpSendReply>> {
  const live = runtime.otlp;
  if (!live)
    return refuse(
      "unprocessable",
      "No OTLP endpoint is configured: start Toolscope with TOOLSCOPE_OTLP_ENDPOINT set.",
    );
  const spans = readSessionSpans(runtime, id, live.settings.captureContent);
  if (!spans.ok) return spans;
  const resource = resourceOf(runtime);
  const result = await live.exporter.send(spans.value.map((span) => toReadableSpan(span, resource)));
  if (result.code !== ExportResultCode.SUCCESS)
    return refuse(
      "upstream",
      createRedactor(runtime.secrets)(
        `The OTLP collector at ${live.settings.url} did not take the spans: ${result.error?.message ?? "unknown error"}.`,
      ),
    );
  return succeed({
    endpoint: live.settings.url,
    protocol: live.settings.protocol,
    spans: spans.value.length,
    traces: new Set(spans.value.map((span) => span.traceId)).size,
  });
}
