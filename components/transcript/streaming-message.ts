import { parsePartialArguments } from "@/lib/protocol/anthropic/tool-arguments";
import { assembleStreamedTurn } from "@/lib/protocol/partial-turn";
import type { Block, UnifiedMessage } from "@/lib/protocol/unified";
import type { RequestAssembled, TraceEvent, WireEvent } from "@/lib/trace/events";

/**
 * The assistant message being streamed right now, assembled through the stream parts of the
 * latest attempt's own wire format (any of the three) that has not completed its turn yet; `null`
 * when there is none (the turn completed, the attempt failed, the run ended). A tool call whose
 * input is still streaming shows its partially parsed input.
 */
export function deriveStreamingMessage(events: readonly TraceEvent[]): UnifiedMessage | null {
  const attempt = findOpenAttempt(events);
  if (!attempt || attempt.wire.length === 0) return null;
  const turn = assembleStreamedTurn(
    attempt.request.format,
    attempt.wire.map(({ event, data }) => ({ event, data })),
  );
  if (!turn) return null;
  const open = new Map<string, string>();
  for (const block of turn.stream.blocks.blocks)
    if (block.kind === "tool" && !block.complete) open.set(block.toolCallId, block.input);
  const content = turn.unified.content.flatMap((block): Block[] => {
    if (block === undefined) return [];
    const rawArguments = block.type === "toolCall" ? open.get(block.id) : undefined;
    if (block.type !== "toolCall" || rawArguments === undefined) return [block];
    return [{ ...block, arguments: parsePartialArguments(rawArguments)?.value ?? null, rawArguments }];
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
