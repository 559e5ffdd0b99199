import type { StopReason, UnifiedMessage, Usage, WireFormat } from "@/lib/protocol/unified";
import type { ProviderConfig, ProviderKind } from "@/lib/trace/config";
import type { NewEvent } from "@/lib/trace/events";

/** What `POST /api/import` received: a parsed JSON body, or text (an SSE capture, or JSON sent as text). */
export type ImportInput = { kind: "json"; value: unknown } | { kind: "text"; text: string };

/** The kinds of file an import understands. */
export type ImportFormat = "toolscope-export" | "request" | "response" | "sse" | "har" | "otlp";

/**
 * What an import was read as: the kind of file, and the wire format of its traffic (for an export,
 * the exported session's provider kind).
 */
export interface DetectedImport {
  format: ImportFormat;
  provider: ProviderKind;
}

/** Everything an import will store, worked out before anything is written. */
export interface ImportPlan {
  detected: DetectedImport;
  title: string;
  provider: ProviderConfig;
  /** The events to append in order, `session.created` first. */
  events: NewEvent[];
  /** The original time of each event, when the input carries them (an export). */
  times?: number[];
  /** What was read leniently, repaired, inferred or left out; and what the pairing doctor found. */
  notes: string[];
}

/** A plan, or the sentence an `unprocessable` problem answers with. */
export type PlanOutcome =
  | { ok: true; plan: ImportPlan }
  | { ok: false; error: string; /** The field at fault, a JSON Pointer into the input. */ path?: string };

/** `201 { id, detected, notes }`. */
export interface ImportResult {
  id: string;
  detected: DetectedImport;
  notes: string[];
}

/** One assistant turn as an import read it, ready for `turn.completed`. */
export interface ImportedTurn {
  format: WireFormat;
  /** The assistant message in the provider's own form. */
  message: unknown;
  unified: UnifiedMessage;
  stopReason: StopReason;
  usage: Usage;
  /** The stream was cut part-way: what had arrived, as a live run records it (`turn.completed.cut`). */
  cut?: true;
}

/** What planning needs from the outside: the time stamped on imported wire events. */
export interface PlanContext {
  now: number;
}
