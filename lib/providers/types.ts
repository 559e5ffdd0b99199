/**
 * The one interface every model backend implements (docs/architecture.md, "Models").
 */
import type { ToolChoice, ToolDefinition } from "@/lib/trace/config";
import type { StopReason, UnifiedMessage, Usage, WireFormat } from "@/lib/protocol/unified";

/** What the agent loop asks for, provider-neutral. */
export interface ModelRequest {
  model?: string;
  system: string;
  tools: ToolDefinition[];
  messages: UnifiedMessage[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  maxTokens?: number;
}

/** One raw SSE event as the wire tap saw it, before any SDK parsed it. */
export interface TappedEvent {
  event: string | null;
  data: string;
  receivedAt: number;
}

/**
 * A failed HTTP attempt as the wire tap saw it: a non-2xx status with its raw body, or a transport
 * error (the connection failed before any response). The SDK may retry it.
 */
export interface AttemptFailure {
  source: "http" | "transport";
  status: number | null;
  message: string;
  body: string | null;
}

/**
 * The wire tap's callbacks for one turn. They are called in wire order, before the bytes that
 * complete an event reach the SDK. Every HTTP request the SDK makes is an attempt, numbered from
 * 1 per turn: `onAttempt` starts it, then `onResponse` or `onAttemptError` (a transport error),
 * then the events of a 2xx stream, or `onAttemptError` for a non-2xx status (with its body).
 * `onEvent` may return a promise (a breakpoint on wire events): the bytes are held back, and the
 * next event is not reported, until it settles.
 */
export interface WireTap {
  /** The turn this tap records, from 1; the transport is told it (the offline model's faults read it). */
  readonly turn: number;
  onAttempt(attempt: number): void;
  onResponse(response: { status: number; headers: Record<string, string> }): void;
  onEvent(event: TappedEvent): void | Promise<void>;
  onAttemptError(failure: AttemptFailure): void;
}

/** What the transport under the wire tap is told about the request it carries. */
export interface TransportContext {
  turn: number;
  attempt: number;
}

/**
 * The `fetch` a provider's SDK ends up calling, below the wire tap. The global `fetch` is one
 * (it ignores the context); the offline model reads the context to place its faults.
 */
export type Transport = (
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  context: TransportContext,
) => Promise<Response>;

/** A finished model turn. */
export interface ModelTurn {
  format: WireFormat;
  /** The assistant message exactly as the SDK assembled it. */
  message: unknown;
  unified: UnifiedMessage;
  stopReason: StopReason;
  usage: Usage;
}

export interface ModelProvider {
  readonly format: WireFormat;
  /** The exact request body this provider sends, keys ordered tools → system → messages. */
  buildRequest(request: ModelRequest): Record<string, unknown>;
  /** Sends `body`, reporting every response and raw event to `tap`, and returns the assembled turn. */
  stream(body: Record<string, unknown>, tap: WireTap, signal: AbortSignal): Promise<ModelTurn>;
}
