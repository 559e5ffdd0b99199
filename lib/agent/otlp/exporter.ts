import "server-only";
import { ExportResultCode, type ExportResult } from "@opentelemetry/core";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace";
import type { OtlpSettings } from "./settings";

/** Where an exporter says what went wrong: the server's console by default. */
export type ExportLog = (line: string) => void;

/**
 * The official OTLP/HTTP exporter for the settings' protocol, wrapped so that a collector that
 * is down or refuses is logged once (and once more when it recovers), never per batch, and
 * never with the headers (they hold keys). `redact` passes each line through the server's
 * secrets first.
 */
export class LoggedExporter implements SpanExporter {
  private failing = false;
  private readonly inner: SpanExporter;

  constructor(
    private readonly settings: OtlpSettings,
    private readonly log: ExportLog,
    private readonly redact: (text: string) => string,
  ) {
    const config = {
      url: settings.url,
      headers: { ...settings.headers },
      timeoutMillis: settings.timeoutMs ?? 10_000,
    };
    this.inner = settings.protocol === "http/json" ? new JsonExporter(config) : new ProtobufExporter(config);
  }

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.inner.export(spans, (result) => {
      if (result.code !== ExportResultCode.SUCCESS) {
        if (!this.failing)
          this.log(
            this.redact(
              `toolscope: OTLP export to ${this.settings.url} failed (${result.error?.message ?? "unknown error"}); ` +
                "spans are dropped until it answers, and this is not logged again until then.",
            ),
          );
        this.failing = true;
      } else if (this.failing) {
        this.failing = false;
        this.log(this.redact(`toolscope: OTLP export to ${this.settings.url} works again.`));
      }
      done(result);
    });
  }

  /** Sends `spans` now and says whether the collector took them. */
  send(spans: ReadableSpan[]): Promise<ExportResult> {
    return new Promise((resolve) => this.export(spans, resolve));
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}
