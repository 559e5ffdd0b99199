/**
 * The one interface every model backend implements (DESIGN.md, "Models").
 */
import type { ToolChoice, ToolDefinition } from "@/lib/trace/config";
import type { StopReason, UnifiedMessage, Usage, WireFormat } from "@/lib/protocol/unified";

/** Injected time: tools, timeouts, faults and the offline model's pace run on it. */
export interface Clock {
  now(): number;
  /** Resolves after `ms` of this clock's time; rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

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
 * The wire tap's callbacks. They are called synchronously, in wire order, before the bytes
 * that complete an event reach the SDK. `onEvent` may return a promise (a breakpoint on wire
 * events): the bytes are held back until it settles.
 */
export interface WireTap {
  onResponse(response: { status: number; headers: Record<string, string> }): void;
  onEvent(event: TappedEvent): void | Promise<void>;
}

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
