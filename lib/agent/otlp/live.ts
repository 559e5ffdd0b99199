import "server-only";
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace";
import type { Resource } from "@opentelemetry/resources";
import { mapSessionToSpans } from "@/lib/otel/session-spans";
import type { EventBus } from "@/lib/store/bus";
import { createRedactor } from "@/lib/store/redact";
import type { EventStore } from "@/lib/store/store";
import type { EventKind } from "@/lib/trace/events";
import { LoggedExporter, type ExportLog } from "./exporter";
import { toReadableSpan } from "./readable";
import type { OtlpSettings } from "./settings";

/** Kinds after which no span can have ended: not worth mapping the log again. */
const NO_SPAN_ENDS: ReadonlySet<string> = new Set<EventKind>(["wire.event", "tool.progress", "user.message"]);
/** How many sessions' sent span ids are remembered (the oldest are forgotten first). */
const REMEMBERED_SESSIONS = 500;

export interface LiveExport {
  settings: OtlpSettings;
  exporter: LoggedExporter;
  /** Maps what is pending now and sends every queued span (tests, shutdown). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export interface LiveExportParts {
  store: EventStore;
  bus: EventBus;
  secrets: Parameters<typeof createRedactor>[0];
  resource: Resource;
  log?: ExportLog;
}

/**
 * Exports every session as it happens: runs, captures, imports. The store publishes each event
 * after writing it; this listener only marks the session pending (nothing is done on the append's
 * path), and a task later maps the session's log — as the API serves it, passed once more through
 * the server's secrets like an export — to spans, and hands each newly ended span to the SDK's
 * `BatchSpanProcessor`, which sends batches in the background. A collector that is down costs a
 * dropped batch and one log line; nothing here throws into a run.
 */
export function startLiveExport(parts: LiveExportParts, settings: OtlpSettings): LiveExport {
  const log = parts.log ?? ((line: string) => console.warn(line));
  const redact = createRedactor(parts.secrets);
  const exporter = new LoggedExporter(settings, log, redact);
  const processor = new BatchSpanProcessor({
    exporter,
    scheduledDelayMillis: settings.batchDelayMs ?? 1000,
    maxQueueSize: 8192,
    maxExportBatchSize: 512,
  });
  const sent = new Map<string, Set<string>>();
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let mappingFailed = false;

  const exportNewSpans = (sessionId: string) => {
    const events = parts.store.eventsForReading(sessionId);
    if (events.length === 0) return;
    const spans = mapSessionToSpans(redact(events), { captureContent: settings.captureContent });
    let done = sent.get(sessionId);
    if (!done) {
      done = new Set();
      sent.set(sessionId, done);
      if (sent.size > REMEMBERED_SESSIONS) sent.delete(sent.keys().next().value!);
    }
    for (const span of spans) {
      if (span.endMs === null || done.has(span.spanId)) continue;
      done.add(span.spanId);
      processor.onEnd(toReadableSpan(span, parts.resource));
    }
  };

  const drain = () => {
    timer = null;
    const sessions = [...pending];
    pending.clear();
    for (const sessionId of sessions) {
      try {
        exportNewSpans(sessionId);
      } catch (error) {
        if (!mappingFailed)
          log(redact(`toolscope: OTLP export could not map session ${sessionId}: ${String(error)}`));
        mappingFailed = true;
      }
    }
  };

  const unsubscribe = parts.bus.subscribeAll((event) => {
    if (NO_SPAN_ENDS.has(event.kind)) return;
    pending.add(event.sessionId);
    timer ??= setTimeout(drain, 0);
  });

  return {
    settings,
    exporter,
    async flush() {
      if (timer) clearTimeout(timer);
      drain();
      // A failed export is logged by the exporter (once); flushing never throws for it.
      await processor.forceFlush().catch(() => {});
    },
    async stop() {
      unsubscribe();
      if (timer) clearTimeout(timer);
      drain();
      await processor.shutdown().catch(() => {});
    },
  };
}
