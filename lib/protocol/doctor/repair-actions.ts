/**
 * The sentences `repairTranscript` reports for what it did to results: written from the same
 * pairing analysis the repair acts on, so every change it makes is said and nothing else is.
 */
import type { UnifiedMessage } from "@/lib/protocol/unified";
import type { CheckOptions } from "./check";
import { isPendingMessage, type Pairing } from "./pairing";

function quote(id: string): string {
  return JSON.stringify(id);
}

/**
 * What a repair does to each result and unanswered call: moved, dropped, or an `interrupted`
 * result added. One sentence each, in transcript order.
 */
export function describeResultActions(
  messages: readonly UnifiedMessage[],
  pairing: Pairing,
  options: CheckOptions,
): string[] {
  const actions: string[] = [];
  pairing.results.forEach((result, index) => {
    const status = pairing.statusOf[index] ?? { kind: "orphan" };
    const id = quote(result.block.toolCallId);
    const from = result.messageIndex;
    if (status.kind === "orphan") {
      actions.push(
        `Dropped the result for tool call ${id} from message ${from}: no earlier assistant message made that call.`,
      );
    } else if (status.kind !== "paired") {
      const callMessage = pairing.calls[status.call]?.messageIndex ?? 0;
      actions.push(
        status.kind === "misplaced"
          ? `Moved the result for tool call ${id} from message ${from} to right after its call in message ${callMessage}.`
          : `Dropped a second result for tool call ${id} from message ${from}; the call in message ${callMessage} already has one.`,
      );
    }
  });
  pairing.calls.forEach((call, index) => {
    if (pairing.answerOf[index] !== -1) return;
    if (isPendingMessage(messages, call.messageIndex, options.allowPendingCalls ?? false)) return;
    actions.push(
      `Added an "interrupted" result for tool call ${quote(call.id)} (${call.name}) from message ${call.messageIndex}.`,
    );
  });
  return actions;
}

/** What a repair reorders within a message: results into call order, and ahead of other blocks. */
export function describeReorderActions(messages: readonly UnifiedMessage[], pairing: Pairing): string[] {
  const actions: string[] = [];
  messages.forEach((message, messageIndex) => {
    const paired = pairing.results.flatMap((result, index) => {
      const status = pairing.statusOf[index];
      return result.messageIndex === messageIndex && status?.kind === "paired" ? [{ result, status }] : [];
    });
    const ordinals = paired.map(({ status }) => pairing.calls[status.call]?.ordinal ?? 0);
    if (ordinals.some((ordinal, index) => index > 0 && (ordinals[index - 1] ?? 0) > ordinal)) {
      actions.push(`Put the results in message ${messageIndex} in the order of their calls.`);
    }
    const firstOther = message.content.findIndex((block) => block.type !== "toolResult");
    if (firstOther !== -1 && paired.some(({ result }) => result.blockIndex > firstOther)) {
      actions.push(`Moved the results in message ${messageIndex} ahead of its other blocks.`);
    }
  });
  return actions;
}
