/**
 * `checkTranscript`: every broken pairing rule of a unified transcript (docs/architecture.md, "The tool
 * pipeline"). Pure; the same check runs on live, imported, forked and edited transcripts.
 */
import type { UnifiedMessage } from "@/lib/protocol/unified";
import { analyzePairing, isPendingMessage, type Pairing } from "./pairing";
import { createProblem, type Problem } from "./problems";

export interface CheckOptions {
  /**
   * A live run between turns: the tool calls of the last message may still be running, so their
   * missing results are not a problem (nor, for `repairTranscript`, something to fill in).
   * Default `false`: a transcript about to be sent must answer every call.
   */
  allowPendingCalls?: boolean;
}

function quote(id: string): string {
  return JSON.stringify(id);
}

function checkMessages(messages: readonly UnifiedMessage[]): Problem[] {
  const problems: Problem[] = [];
  messages.forEach((message, messageIndex) => {
    if (message.content.length === 0) {
      const text = `Message ${messageIndex} (${message.role}) has no content blocks.`;
      problems.push(createProblem("empty-message", { message: text, messageIndex }));
    }
    const previous = messages[messageIndex - 1];
    if (previous !== undefined && previous.role === message.role) {
      const text =
        `Messages ${messageIndex - 1} and ${messageIndex} are both ${message.role} messages: Anthropic ` +
        `merges consecutive ${message.role} turns into one, OpenAI Chat sends them as two.`;
      problems.push(createProblem("alternation", { message: text, messageIndex }));
    }
    const firstResult = message.content.findIndex((block) => block.type === "toolResult");
    const firstOther = message.content.findIndex((block) => block.type !== "toolResult");
    if (message.role === "user" && firstResult !== -1 && firstOther !== -1 && firstOther < firstResult) {
      const type = message.content[firstOther]?.type ?? "other";
      const text = `Message ${messageIndex} has a ${type} block before its tool results; tool results must come first.`;
      problems.push(
        createProblem("results-not-first", { message: text, messageIndex, blockIndex: firstResult }),
      );
    }
  });
  if (messages[0]?.role === "assistant") {
    const text =
      'The transcript starts with an assistant message: Anthropic accepts this, Amazon Bedrock answers "first message must use the user role".';
    problems.push(createProblem("first-not-user", { message: text, messageIndex: 0 }));
  }
  return problems;
}

function checkCalls(messages: readonly UnifiedMessage[], pairing: Pairing, options: CheckOptions): Problem[] {
  const problems: Problem[] = [];
  const firstUse = new Map<string, number>();
  pairing.calls.forEach((call, index) => {
    const where = { messageIndex: call.messageIndex, blockIndex: call.blockIndex, callId: call.id };
    const label = `Tool call ${quote(call.id)} (${call.name}) in message ${call.messageIndex}`;
    const earlier = firstUse.get(call.id);
    if (earlier === undefined) firstUse.set(call.id, call.messageIndex);
    else {
      const text = `${label} reuses the id of a call in message ${earlier}; call ids must be unique.`;
      problems.push(createProblem("id-duplicate", { message: text, ...where }));
    }
    if (call.arguments === null) {
      const text = `${label} has arguments that do not parse as JSON, so it cannot have run as the model meant.`;
      problems.push(createProblem("call-unparsed-arguments", { message: text, ...where }));
    }
    const pending = isPendingMessage(messages, call.messageIndex, options.allowPendingCalls ?? false);
    if (pairing.answerOf[index] === -1 && !pending) {
      const text = `${label} has no result in the user message right after it.`;
      problems.push(createProblem("result-missing", { message: text, ...where }));
    }
  });
  return problems;
}

function checkResults(pairing: Pairing): Problem[] {
  return pairing.results
    .map((result, index): Problem | null => {
      const status = pairing.statusOf[index] ?? { kind: "orphan" };
      const id = result.block.toolCallId;
      const where = { messageIndex: result.messageIndex, blockIndex: result.blockIndex, callId: id };
      if (status.kind === "paired") return null;
      if (status.kind === "orphan") {
        const text = `The result in message ${result.messageIndex} answers tool call ${quote(id)}, which no earlier assistant message made.`;
        return createProblem("result-orphan", { message: text, ...where });
      }
      const callMessage = pairing.calls[status.call]?.messageIndex ?? 0;
      if (status.kind === "misplaced") {
        const text = `The result for tool call ${quote(id)} is in message ${result.messageIndex}, but it must be in message ${callMessage + 1}, right after its call.`;
        return createProblem("result-not-next", { message: text, ...where });
      }
      const text = `Message ${result.messageIndex} holds a second result for tool call ${quote(id)} (message ${callMessage}), which already has one.`;
      return createProblem("id-duplicate", { message: text, ...where });
    })
    .filter((problem): problem is Problem => problem !== null);
}

function checkOrder(pairing: Pairing): Problem[] {
  const ordinalsByMessage = new Map<number, number[]>();
  pairing.results.forEach((result, index) => {
    const status = pairing.statusOf[index];
    const call = status?.kind === "paired" ? pairing.calls[status.call] : undefined;
    if (call === undefined) return;
    ordinalsByMessage.set(result.messageIndex, [
      ...(ordinalsByMessage.get(result.messageIndex) ?? []),
      call.ordinal,
    ]);
  });
  const problems: Problem[] = [];
  for (const [messageIndex, ordinals] of ordinalsByMessage) {
    if (ordinals.every((ordinal, index) => index === 0 || (ordinals[index - 1] ?? 0) < ordinal)) continue;
    const text = `The results in message ${messageIndex} are not in the order of the calls in message ${messageIndex - 1}.`;
    problems.push(createProblem("results-out-of-order", { message: text, messageIndex }));
  }
  return problems;
}

/**
 * Every broken pairing rule of `messages`, ordered by message, then block; errors and warnings
 * both, each with the providers known to reject it. Never throws; never modifies its input.
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls
 * @see https://platform.openai.com/docs/guides/function-calling
 */
export function checkTranscript(messages: readonly UnifiedMessage[], options: CheckOptions = {}): Problem[] {
  const pairing = analyzePairing(messages);
  const problems = [
    ...checkMessages(messages),
    ...checkCalls(messages, pairing, options),
    ...checkResults(pairing),
    ...checkOrder(pairing),
  ];
  return problems
    .map((problem, order) => ({ problem, order }))
    .sort(
      (a, b) =>
        a.problem.messageIndex - b.problem.messageIndex ||
        (a.problem.blockIndex ?? -1) - (b.problem.blockIndex ?? -1) ||
        a.order - b.order,
    )
    .map(({ problem }) => problem);
}
