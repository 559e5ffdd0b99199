import { assertNever } from "@/lib/protocol/unified";
import type { EventKind } from "@/lib/trace/events";

/** The colour groups of the timeline's ticks, in the order the legend lists them. */
export const TICK_CATEGORIES = [
  "session",
  "user",
  "request",
  "wire",
  "turn",
  "tool",
  "result",
  "pause",
  "run",
  "error",
] as const;
export type TickCategory = (typeof TICK_CATEGORIES)[number];

/** Which colour an event's tick gets. */
export function classifyEvent(kind: EventKind): TickCategory {
  switch (kind) {
    case "session.created":
    case "session.configured":
    case "session.forked":
    case "provider.trust":
    case "session.trusted":
    case "mcp.connected":
      return "session";
    case "user.message":
      return "user";
    case "request.assembled":
    case "wire.response":
    case "tokens.counted":
      return "request";
    case "wire.event":
      return "wire";
    case "turn.completed":
      return "turn";
    case "batch.planned":
    case "tool.stage":
    case "tool.decision":
    case "tool.progress":
    case "workspace.changed":
    case "call.replayed":
    case "mcp.message":
      return "tool";
    case "tool.result":
      return "result";
    case "run.paused":
    case "run.resumed":
      return "pause";
    case "run.started":
    case "run.finished":
      return "run";
    case "wire.error":
    case "run.failed":
    case "run.interrupted":
    case "mcp.failed":
      return "error";
    default:
      return assertNever(kind, "event kind");
  }
}
