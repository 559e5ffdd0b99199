import { assembleAnthropicStream, snapshotToolArguments } from "@/lib/protocol/anthropic/assemble";
import { anthropicMessageToUnified } from "@/lib/protocol/anthropic/convert";
import type { Block, UnifiedMessage } from "@/lib/protocol/unified";
import type { RequestAssembled, TraceEvent, WireEvent } from "@/lib/trace/events";

/**
 * The assistant message being streamed right now, assembled from the wire events of the latest
 * Anthropic attempt that has not completed its turn yet; `null` when there is none (the turn
 * completed, the attempt failed, the run ended, or the wire is not Anthropic's). A tool_use
 * whose input is still streaming shows its partially parsed input.
 */
export function deriveStreamingMessage(events: readonly TraceEvent[]): UnifiedMessage | null {
  const attempt = findOpenAttempt(events);
  if (!attempt || attempt.request.format !== "anthropic" || attempt.wire.length === 0) return null;
  const assembly = assembleAnthropicStream(attempt.wire.map(({ event, data }) => ({ event, data })));
  if (!assembly.message) return null;
  const message = anthropicMessageToUnified(assembly.message);
  const partial = snapshotToolArguments(assembly.partialJson);
  const content = message.content.flatMap((block, index): Block[] => {
    if (block === undefined) return [];
    const rawArguments = assembly.partialJson[index];
    if (block.type !== "toolCall" || rawArguments === undefined || assembly.stoppedBlocks.includes(index)) {
      return [block];
    }
    return [{ ...block, arguments: index in partial ? partial[index] : null, rawArguments }];
  });
  return { role: "assistant", content };
}

/** Walks back to the latest request whose turn is still open, collecting its attempt's wire events. */
function findOpenAttempt(
  events: readonly TraceEvent[],
): { request: RequestAssembled; wire: WireEvent[] } | null {
  const wire: WireEvent[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    switch (event.kind) {
      case "turn.completed":
      case "wire.error":
      case "run.finished":
      case "run.failed":
      case "run.interrupted":
        return null;
      case "wire.event":
        wire.push(event);
        break;
      case "request.assembled":
        wire.reverse();
        return {
          request: event,
          wire: wire.filter((w) => w.turn === event.turn && w.attempt === event.attempt),
        };
      default:
        break;
    }
  }
  return null;
}
