/**
 * The capture use case's inputs and outputs (docs/architecture.md, "Capture"). A client's request
 * arrives already authenticated and read by lib/server; what goes back is a status, headers and a
 * body for lib/server to send. Nothing here knows how HTTP reached it.
 */
import type { UpstreamKind } from "@/lib/contract/capture";
import type { WireFormat } from "@/lib/protocol/unified";
import type { CacheUse } from "@/lib/trace/prompt-cache";

/** Which base URL a request came in on: `/capture/anthropic` or `/capture/openai`. */
export type CaptureFamily = "anthropic" | "openai";

/** One client request to a capture endpoint. */
export interface CaptureRequest {
  family: CaptureFamily;
  /** The path after the base URL (`/v1/messages`), without the query string. */
  path: string;
  /** The query string as sent, `?` included, or `""` (`?beta=true` is kept and forwarded). */
  search: string;
  /** The client's headers, lower-cased, with its credentials already removed. */
  headers: Record<string, string>;
  /** The body exactly as sent. */
  bodyText: string;
  /** Aborts when the client hangs up. */
  signal: AbortSignal;
}

/** What to answer the client with; `body` streams when the upstream streams. */
export interface CaptureReply {
  status: number;
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array> | string;
  /**
   * A streamed body as a pull source, for a writer that takes chunks itself (the Node capture
   * handler): read this or `body`, never both.
   */
  chunks?: RelayChunks;
}

/**
 * A relayed stream as a pull source (lib/capture/relay.ts): `read` resolves with the next chunk
 * (its events appended), `null` at the end; it rejects when the upstream fails or the log refuses
 * a chunk. `cancel` is the client hanging up.
 */
export interface RelayChunks {
  read(): Promise<Uint8Array | null>;
  cancel(): void;
}

/** What an upstream is sent: the client's request, its credentials gone, the path as sent. */
export interface UpstreamRequest {
  path: string;
  search: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** The turn this request is in its session (the offline model's faults count turns). */
  turn: number;
  /**
   * What a prompt cache holding the session's previous request gives this one
   * (lib/trace/prompt-cache.ts): the offline upstream reports it in its usage; a real one has its own.
   */
  promptCache?: CacheUse;
}

/**
 * Where captured requests go. The upstream holds its own key (read by lib/server); a client's
 * key never reaches it. `send` answers with the upstream's response as it arrives.
 */
export interface Upstream {
  name: string;
  kind: UpstreamKind;
  baseURL?: string;
  ready: boolean;
  /** Why it cannot answer, when it cannot. */
  reason?: string;
  formats: readonly WireFormat[];
  send(request: UpstreamRequest): Promise<Response>;
}

/** The upstreams there are now, and which one a request without `x-toolscope-upstream` goes to. */
export interface UpstreamTable {
  list(): readonly Upstream[];
  defaultName(): string;
}
