import "server-only";
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace";
import type { Resource } from "@opentelemetry/resources";
import { createSpanMapper, type SpanMapper } from "@/lib/otel/session-spans";
import type { EventBus } from "@/lib/store/bus";
import { createRedactor } from "@/lib/store/redact";
import type { EventStore } from "@/lib/store/store";
import type { EventKind } from "@/lib/trace/events";
import { LoggedExporter, type ExportLog } from "./exporter";
import { toReadableSpan } from "./readable";
import type { OtlpSettings } from "./settings";

/** Kinds after which no span can have ended: not worth mapping the log again. */
const NO_SPAN_ENDS: ReadonlySet<string> = new Set<EventKind>(["wire.event", "tool.progress", "user.message"]);
/** How many sessions' mappings are kept (the least recently active is forgotten first, and rebuilt from its log if it wakes). */
const REMEMBERED_SESSIONS = 200;

/** One session's mapping so far: fed only the events after `lastSeq`, sending each span once. */
interface SessionExport {
  mapper: SpanMapper;
  lastSeq: number;
  sent: Set<string>;
}

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
 * path), and a task at most once per batch delay maps each pending session's log to spans, passes them once
 * more through the server's secrets like an export, and hands each newly ended span to the SDK's
 * `BatchSpanProcessor`, which sends batches in the background. A collector that is down costs a
 * dropped batch and one log line; nothing here throws into a run. On a database several instances
 * share, each exports what it appends (the runs it carries, the captures and imports it receives):
 * a span goes out from the instance that appended the event ending it, so once.
 */
export function startLiveExport(parts: LiveExportParts, settings: OtlpSettings): LiveExport {
  const log = parts.log ?? ((line: string) => console.warn(line));
  const redact = createRedactor(parts.secrets);
  const exporter = new LoggedExporter(settings, log, redact);
  const delay = settings.batchDelayMs ?? 1000;
  const processor = new BatchSpanProcessor({
    exporter,
    scheduledDelayMillis: delay,
    maxQueueSize: 8192,
    maxExportBatchSize: 512,
  });
  const sessions = new Map<string, SessionExport>();
  /** Sessions with new events appended here: the first seq since the last drain, and every such seq. */
  const pending = new Map<string, { firstSeen: number; here: Set<number> }>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let mappingFailed = false;

  const exportNewSpans = (
    sessionId: string,
    { firstSeen, here }: { firstSeen: number; here: Set<number> },
  ) => {
    let session = sessions.get(sessionId);
    if (session) sessions.delete(sessionId);
    else session = openSession(sessionId, firstSeen);
    sessions.set(sessionId, session);
    if (sessions.size > REMEMBERED_SESSIONS) sessions.delete(sessions.keys().next().value!);
    // Only what is new since the last time; events were redacted when appended, and each span
    // that leaves is passed once more through the server's secrets as they are now, as an export is.
    // A span is sent by the instance that appended the event ending it: one ended by an event
    // another instance on a shared database appended is that instance's to send, not this one's.
    const events = parts.store.events(sessionId, session.lastSeq);
    let fromHere = true;
    for (const [index, event] of events.entries()) {
      session.mapper.add(event);
      session.lastSeq = event.seq;
      if (!NO_SPAN_ENDS.has(event.kind)) fromHere = here.has(event.seq);
      const next = events[index + 1];
      const groupEnds = !next || (!NO_SPAN_ENDS.has(next.kind) && here.has(next.seq) !== fromHere);
      if (groupEnds) sendEnded(session, fromHere);
    }
  };

  /** Marks the spans that have ended since the last call sent; sends them when `send`. */
  const sendEnded = (session: SessionExport, send: boolean) => {
    for (const span of session.mapper.spans()) {
      if (span.endMs === null || session.sent.has(span.spanId)) continue;
      session.sent.add(span.spanId);
      if (send) processor.onEnd(toReadableSpan(redact(span), parts.resource));
    }
  };

  /**
   * A session's mapping, built from its log: spans that ended before the first event this process
   * saw were sent before (by this process before it forgot the session, or by the one before a
   * restart), so they are not sent again.
   */
  const openSession = (sessionId: string, firstSeen: number): SessionExport => {
    const session: SessionExport = {
      mapper: createSpanMapper({ captureContent: settings.captureContent }),
      lastSeq: -1,
      sent: new Set(),
    };
    for (const event of parts.store.events(sessionId, -1)) {
      if (event.seq >= firstSeen) break;
      session.mapper.add(event);
      session.lastSeq = event.seq;
    }
    for (const span of session.mapper.spans()) if (span.endMs !== null) session.sent.add(span.spanId);
    return session;
  };

  const drain = () => {
    timer = null;
    const due = [...pending];
    pending.clear();
    for (const [sessionId, seen] of due) {
      try {
        exportNewSpans(sessionId, seen);
      } catch (error) {
        if (!mappingFailed)
          log(redact(`toolscope: OTLP export could not map session ${sessionId}: ${String(error)}`));
        mappingFailed = true;
      }
    }
  };

  const unsubscribe = parts.bus.subscribeAll((event, elsewhere) => {
    // Another instance's events are its own to export (it appended them).
    if (elsewhere || NO_SPAN_ENDS.has(event.kind)) return;
    const seen = pending.get(event.sessionId);
    if (seen) seen.here.add(event.seq);
    else pending.set(event.sessionId, { firstSeen: event.seq, here: new Set([event.seq]) });
    // At most one mapping per batch delay, whatever the event rate: a live run is not slowed.
    timer ??= setTimeout(drain, delay);
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
