/**
 * `repairTranscript`: fixes what the pairing doctor can fix and says what it did (docs/architecture.md, "The
 * tool pipeline"). It moves, reorders and drops whole blocks and messages; it never invents a
 * tool call and never edits a block's content. The only blocks it adds are `interrupted` results.
 */
import type { Block, Role, ToolResultBlock, UnifiedMessage } from "@/lib/protocol/unified";
import { checkTranscript, type CheckOptions } from "./check";
import { analyzePairing, isPendingMessage, type Pairing } from "./pairing";
import { describeReorderActions, describeResultActions } from "./repair-actions";
import type { Problem } from "./problems";

/** The text of a result the doctor adds for a call that has none. */
export const INTERRUPTED_RESULT_CONTENT =
  "No result was recorded for this call (added by the pairing doctor).";

export interface RepairResult {
  messages: UnifiedMessage[];
  /** One sentence per change, for a person; empty when nothing needed fixing. */
  actions: string[];
  /** `checkTranscript` of `messages`: what could not be fixed (duplicate call ids, warnings). */
  remaining: Problem[];
}

/** A message being rebuilt, with the input messages it came from (none for an added one). */
interface Draft {
  role: Role;
  content: Block[];
  sources: number[];
}

function createInterruptedResult(toolCallId: string): ToolResultBlock {
  return {
    type: "toolResult",
    toolCallId,
    content: INTERRUPTED_RESULT_CONTENT,
    isError: true,
    errorKind: "interrupted",
  };
}

function formatList(items: readonly number[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The results for the calls of one assistant message, in call order, each found or added. */
function answerCalls(pairing: Pairing, messageIndex: number): ToolResultBlock[] {
  return pairing.calls.flatMap((call, index) => {
    if (call.messageIndex !== messageIndex) return [];
    const answer = pairing.results[pairing.answerOf[index] ?? -1];
    return [answer === undefined ? createInterruptedResult(call.id) : answer.block];
  });
}

/** Every result goes right after its call, first in that user message; empty messages go. */
function placeResults(
  messages: readonly UnifiedMessage[],
  pairing: Pairing,
  options: CheckOptions,
): { drafts: Draft[]; actions: string[] } {
  const drafts: Draft[] = [];
  const actions: string[] = [];
  let carried: ToolResultBlock[] = [];
  messages.forEach((message, index) => {
    const kept = message.content.filter((block) => block.type !== "toolResult");
    const content = message.role === "user" ? [...carried, ...kept] : kept;
    carried = [];
    if (content.length === 0) {
      const why =
        message.content.length === 0
          ? "it had no content"
          : "it held only tool results, which moved or were dropped";
      actions.push(`Dropped message ${index}: ${why}.`);
    } else drafts.push({ role: message.role, content, sources: [index] });
    if (message.role === "user" || isPendingMessage(messages, index, options.allowPendingCalls ?? false))
      return;
    const answers = answerCalls(pairing, index);
    if (answers.length === 0) return;
    if (messages[index + 1]?.role === "user") carried = answers;
    else {
      drafts.push({ role: "user", content: answers, sources: [] });
      actions.push(`Added a user message after message ${index} to hold the results of its tool calls.`);
    }
  });
  return { drafts, actions };
}

/** Consecutive messages with the same role become one, blocks in order (as Anthropic would). */
function mergeRuns(drafts: readonly Draft[]): { drafts: Draft[]; actions: string[] } {
  const merged: Draft[] = [];
  const runLengths: number[] = [];
  for (const draft of drafts) {
    const last = merged.at(-1);
    if (last !== undefined && last.role === draft.role) {
      merged[merged.length - 1] = {
        ...last,
        content: [...last.content, ...draft.content],
        sources: [...last.sources, ...draft.sources],
      };
      runLengths[runLengths.length - 1] = (runLengths.at(-1) ?? 1) + 1;
    } else {
      merged.push(draft);
      runLengths.push(1);
    }
  }
  const actions = merged.flatMap((draft, index) =>
    (runLengths[index] ?? 1) > 1
      ? [`Merged the consecutive ${draft.role} messages ${formatList(draft.sources)} into one.`]
      : [],
  );
  return { drafts: merged, actions };
}

/**
 * A transcript with every fixable problem fixed: each call answered by exactly one result in the
 * user message right after it (an `interrupted` error result when none was recorded), results in
 * call order and before other blocks, orphan and second results dropped, empty messages dropped,
 * consecutive same-role messages merged. Blocks are reused as they are, never edited; the input is
 * not modified. Idempotent: repairing the output again changes nothing and reports no action.
 */
export function repairTranscript(
  messages: readonly UnifiedMessage[],
  options: CheckOptions = {},
): RepairResult {
  const pairing = analyzePairing(messages);
  const placed = placeResults(messages, pairing, options);
  const merged = mergeRuns(placed.drafts);
  const repaired = merged.drafts.map(({ role, content }) => ({ role, content }));
  return {
    messages: repaired,
    actions: [
      ...describeResultActions(messages, pairing, options),
      ...describeReorderActions(messages, pairing),
      ...placed.actions,
      ...merged.actions,
    ],
    remaining: checkTranscript(repaired, options),
  };
}
