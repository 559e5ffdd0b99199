/** How sessions are exported over OTLP/HTTP (read from the environment by lib/server/config.ts). */
export type OtlpProtocol = "http/protobuf" | "http/json";

export interface OtlpSettings {
  /** The traces URL spans are POSTed to (`…/v1/traces`). */
  url: string;
  protocol: OtlpProtocol;
  /** Sent with every export (an API key for a hosted backend): secrets, redacted everywhere. */
  headers: Readonly<Record<string, string>>;
  /** Whether spans carry the opt-in content attributes (messages, tool arguments and results). */
  captureContent: boolean;
  /** How long the live export waits to batch spans (default 1000 ms). */
  batchDelayMs?: number;
  /** How long one export may take, retries included (default 10 000 ms). */
  timeoutMs?: number;
}

/**
 * The traces URL for an endpoint as `OTEL_EXPORTER_OTLP_ENDPOINT` takes it: a base URL gets
 * `/v1/traces` appended; a URL already ending in `/v1/traces` is kept.
 */
export function resolveTracesUrl(endpoint: string): string {
  const url = new URL(endpoint);
  if (!url.pathname.endsWith("/v1/traces")) url.pathname = `${url.pathname.replace(/\/+$/, "")}/v1/traces`;
  return url.toString();
}
