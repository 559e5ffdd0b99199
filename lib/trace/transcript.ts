/**
 * The transcript projection: the conversation as the model sees it, folded from the log.
 *
 * Tool results are placed in the user message right after the assistant message that made the
 * call, in the order of the calls, whatever order they finished in; a later user text joins
 * that message after the results, so results always come first in their message.
 */
import type { Block, Role, ToolCallBlock } from "@/lib/protocol/unified";
import type { ToolDefinition } from "./config";
import type { TraceEvent } from "./events";
import { createCheckpointedFold, type CheckpointedFold, type Stepper } from "./checkpoints";
import { TranscriptBuilder } from "./transcript-builder";

export { callIds, TranscriptBuilder } from "./transcript-builder";

export interface TranscriptMessage {
  role: Role;
  /** The turn this message belongs to (a user message opens the turn it starts). */
  turn: number;
  /** The seq of the event that created this message. */
  seq: number;
  content: Block[];
  /** An assistant message whose stream was cut part-way: what had arrived (`turn.completed.cut`). */
  cut?: true;
}

export interface TranscriptView {
  system: string;
  tools: ToolDefinition[];
  messages: TranscriptMessage[];
}

export const EMPTY_TRANSCRIPT: TranscriptView = Object.freeze({ system: "", tools: [], messages: [] });

/**
 * Folds one event into the transcript. Pure; returns the same view when the event changes nothing.
 * Each change copies the messages array: to fold many events, use a {@link TranscriptBuilder}.
 */
export function reduceTranscript(view: TranscriptView, event: TraceEvent): TranscriptView {
  const builder = new TranscriptBuilder(view);
  builder.apply(event);
  return builder.view();
}

/** The transcript as of event `upTo` (inclusive; default: the whole log). Linear in the log. */
export function projectTranscript(events: readonly TraceEvent[], upTo = Infinity): TranscriptView {
  const builder = new TranscriptBuilder(EMPTY_TRANSCRIPT);
  for (const event of events) {
    if (event.seq > upTo) break;
    builder.apply(event);
  }
  return builder.view();
}

/**
 * Keep the transcript every this many events. A jump between checkpoints costs one copy of the
 * messages array and at most this many in-place steps (~0.2 ms at 100,000 events), while every
 * checkpoint holds its own array: at 64 a 100,000-event session kept ~45 MB of them.
 */
const TRANSCRIPT_INTERVAL = 512;

/** The transcript at any count of events, checkpointed (what the debugger and the bench use). */
export function createTranscriptFold(
  interval = TRANSCRIPT_INTERVAL,
): CheckpointedFold<TraceEvent, TranscriptView> {
  return createCheckpointedFold({ stepFrom: stepTranscriptFrom, initial: EMPTY_TRANSCRIPT, interval });
}

/** The transcript fold as a checkpointed fold's `stepFrom`: in place from `view`, which stays as it was. */
function stepTranscriptFrom(view: TranscriptView): Stepper<TraceEvent, TranscriptView> {
  const builder = new TranscriptBuilder(view);
  return { step: (event) => void builder.apply(event), state: () => builder.view() };
}

/** Tool calls that have no result yet, oldest first (what an interruption must answer). */
export function findUnansweredCalls(view: TranscriptView): ToolCallBlock[] {
  const unanswered: ToolCallBlock[] = [];
  view.messages.forEach((message, index) => {
    if (message.role !== "assistant") return;
    const next = view.messages[index + 1];
    const answered = new Set(
      (next?.role === "user" ? next.content : []).flatMap((b) =>
        b.type === "toolResult" ? [b.toolCallId] : [],
      ),
    );
    for (const block of message.content)
      if (block.type === "toolCall" && !answered.has(block.id)) unanswered.push(block);
  });
  return unanswered;
}
