/**
 * Which tool result answers which tool call: the one analysis `checkTranscript` and
 * `repairTranscript` share, so what the check reports is exactly what the repair fixes.
 */
import type { ToolResultBlock, UnifiedMessage } from "@/lib/protocol/unified";

/** A `toolCall` block of an assistant message. */
export interface CallSite {
  id: string;
  name: string;
  arguments: unknown;
  messageIndex: number;
  blockIndex: number;
  /** Its position among the calls of its own message. */
  ordinal: number;
}

/** A `toolResult` block, wherever it sits. */
export interface ResultSite {
  block: ToolResultBlock;
  messageIndex: number;
  blockIndex: number;
}

/**
 * How a result relates to the calls: `paired` sits in the user message right after its call;
 * `misplaced` answers an otherwise unanswered earlier call from the wrong message; `extra` uses
 * the id of an earlier call that already has its result; `orphan` answers no earlier call.
 */
export type ResultStatus =
  | { kind: "paired"; call: number }
  | { kind: "misplaced"; call: number }
  | { kind: "extra"; call: number }
  | { kind: "orphan" };

export interface Pairing {
  /** Every call of every assistant message, in transcript order. */
  calls: CallSite[];
  /** Every result, in transcript order. */
  results: ResultSite[];
  /** For each call, the index in `results` of the result that answers it, or -1. */
  answerOf: number[];
  /** For each result, how it relates to the calls. */
  statusOf: ResultStatus[];
}

function collectSites(messages: readonly UnifiedMessage[]): Pick<Pairing, "calls" | "results"> {
  const calls: CallSite[] = [];
  const results: ResultSite[] = [];
  messages.forEach((message, messageIndex) => {
    let ordinal = 0;
    message.content.forEach((block, blockIndex) => {
      if (block.type === "toolCall" && message.role === "assistant") {
        const { id, name } = block;
        calls.push({ id, name, arguments: block.arguments, messageIndex, blockIndex, ordinal: ordinal++ });
      } else if (block.type === "toolResult") {
        results.push({ block, messageIndex, blockIndex });
      }
    });
  });
  return { calls, results };
}

function isRightAfter(messages: readonly UnifiedMessage[], call: CallSite, result: ResultSite): boolean {
  return result.messageIndex === call.messageIndex + 1 && messages[result.messageIndex]?.role === "user";
}

function comesBefore(call: CallSite, result: ResultSite): boolean {
  return (
    call.messageIndex < result.messageIndex ||
    (call.messageIndex === result.messageIndex && call.blockIndex < result.blockIndex)
  );
}

/**
 * Pairs results with calls in two passes. First every result in the user message right after
 * its call claims that call (the first unanswered one with its id). Then each remaining result
 * claims the latest unanswered call with its id that comes before it (`misplaced`); failing that it is
 * `extra` when a call before it has its id, else `orphan`. Never throws.
 */
export function analyzePairing(messages: readonly UnifiedMessage[]): Pairing {
  const { calls, results } = collectSites(messages);
  const answerOf = calls.map(() => -1);
  const statusOf: (ResultStatus | undefined)[] = results.map(() => undefined);

  results.forEach((result, resultIndex) => {
    const call = calls.findIndex(
      (site, index) =>
        answerOf[index] === -1 && site.id === result.block.toolCallId && isRightAfter(messages, site, result),
    );
    if (call === -1) return;
    answerOf[call] = resultIndex;
    statusOf[resultIndex] = { kind: "paired", call };
  });

  results.forEach((result, resultIndex) => {
    if (statusOf[resultIndex] !== undefined) return;
    let latestUnanswered = -1;
    let latest = -1;
    calls.forEach((site, index) => {
      if (site.id !== result.block.toolCallId || !comesBefore(site, result)) return;
      latest = index;
      if (answerOf[index] === -1) latestUnanswered = index;
    });
    if (latestUnanswered !== -1) {
      answerOf[latestUnanswered] = resultIndex;
      statusOf[resultIndex] = { kind: "misplaced", call: latestUnanswered };
    } else {
      statusOf[resultIndex] = latest === -1 ? { kind: "orphan" } : { kind: "extra", call: latest };
    }
  });

  return { calls, results, answerOf, statusOf: statusOf.map((status) => status ?? { kind: "orphan" }) };
}

/**
 * Whether the calls of the message at `messageIndex` may still be running (see `CheckOptions`):
 * only the last message's, and only while that message holds no tool result of its own.
 */
export function isPendingMessage(
  messages: readonly UnifiedMessage[],
  messageIndex: number,
  allowPendingCalls: boolean,
): boolean {
  const message = messages[messageIndex];
  return (
    allowPendingCalls &&
    messageIndex === messages.length - 1 &&
    message !== undefined &&
    !message.content.some((block) => block.type === "toolResult")
  );
}
