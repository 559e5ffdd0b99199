import type { TraceEvent } from "@/lib/trace/events";
import { assertNever } from "@/lib/protocol/unified";
import type { GraphNode } from "@/lib/trace/graph/types";

/** How many events the pane lists before it says how many more there are. */
export const MAX_LISTED_EVENTS = 200;

/** The events behind a node: its seqs, plus, for a model stream, every wire event of its turn. */
export function pickNodeEvents(
  node: GraphNode,
  events: readonly TraceEvent[],
  upTo = Infinity,
): TraceEvent[] {
  const seqs = new Set(node.seqs);
  return events.filter(
    (event) =>
      event.seq <= upTo &&
      (seqs.has(event.seq) ||
        (node.kind === "stream" && event.kind === "wire.event" && event.turn === node.turn)),
  );
}

/** Pretty-prints a summary that is JSON (stage inputs often are); anything else as it is. */
export function formatMaybeJson(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    // Clipped or not JSON after all: shown exactly as recorded.
    return text;
  }
}

/** What the detail pane lists of a node beyond its kind and status: only the fields its kind has. */
export interface NodeFields {
  callId?: string;
  stage?: string;
  section?: string;
  tokens?: number;
  wireEvents?: number;
  streamBlocks?: readonly string[];
  stopReason?: string;
  errorKind?: string;
  ms?: number;
  input?: string;
  output?: string;
}

/** The fields of a node, by kind. */
export function readNodeFields(node: GraphNode): NodeFields {
  switch (node.kind) {
    case "request-section":
      return { section: node.section, tokens: node.tokens };
    case "stream":
      return { wireEvents: node.wireEvents, streamBlocks: node.streamBlocks, stopReason: node.stopReason };
    case "block":
      return { callId: node.callId };
    case "stage":
      return { callId: node.callId, stage: node.stage, ms: node.ms, input: node.input, output: node.output };
    case "error-result":
      return { callId: node.callId, errorKind: node.errorKind };
    case "user":
    case "results":
    case "run-end":
      return {};
    default:
      return assertNever(node, "graph node kind");
  }
}
