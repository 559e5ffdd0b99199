import "server-only";
import { assertNever, type Block, type UnifiedMessage } from "@/lib/protocol/unified";
import { canonicalizeValue } from "@/lib/trace/canonical-json";
import type { NewEvent } from "@/lib/trace/events";
import type { ImportedTurn } from "./types";

/**
 * An imported conversation being turned into events, in the order a live run would append them:
 * a user message opens the turn it starts (`user.message`), each assistant message is one turn
 * (`turn.completed`), and each tool result is a `tool.result` of its call's turn.
 */
export interface ConversationDraft {
  events: NewEvent[];
  /** The messages appended so far, as read (to find where a later request continues). */
  messages: UnifiedMessage[];
  /** The last assistant turn (0 before the first). */
  turn: number;
  /** Tool calls by id: their name and turn. */
  calls: Map<string, { name: string; turn: number }>;
  notes: string[];
}

export function createConversationDraft(notes: string[]): ConversationDraft {
  return { events: [], messages: [], turn: 0, calls: new Map(), notes };
}

/**
 * A user message: its tool results as `tool.result`s (in their order), then its text as one
 * `user.message` (several text blocks joined by a blank line). Other blocks (images, files) have
 * no event to live in and are left out, with a note.
 */
export function appendUserMessage(draft: ConversationDraft, message: UnifiedMessage): void {
  const texts: string[] = [];
  const dropped: string[] = [];
  for (const block of message.content) {
    if (block.type === "toolResult") {
      const call = draft.calls.get(block.toolCallId);
      draft.events.push({
        kind: "tool.result",
        callId: block.toolCallId,
        turn: call?.turn ?? draft.turn,
        name: call?.name ?? "",
        content: block.content,
        isError: block.isError,
        ...(block.errorKind ? { errorKind: block.errorKind } : {}),
        ...(block.hint ? { hint: block.hint } : {}),
      });
    } else if (block.type === "text") texts.push(block.text);
    else dropped.push(describeBlock(block));
  }
  const index = draft.messages.length;
  if (texts.length > 1)
    draft.notes.push(`Message ${index}: its ${texts.length} text blocks were joined into one user message.`);
  if (dropped.length > 0)
    draft.notes.push(
      `Message ${index}: ${dropped.join(", ")} left out (a user message holds text and tool results only).`,
    );
  if (texts.length > 0)
    draft.events.push({ kind: "user.message", turn: draft.turn + 1, text: texts.join("\n\n") });
  draft.messages.push(message);
}

/** An assistant message as the next turn's `turn.completed`; its tool calls are remembered for their results. */
export function appendAssistantTurn(draft: ConversationDraft, turn: ImportedTurn, attempt = 1): void {
  draft.turn += 1;
  draft.events.push({ kind: "turn.completed", turn: draft.turn, attempt, ...turn });
  for (const block of turn.unified.content)
    if (block.type === "toolCall") draft.calls.set(block.id, { name: block.name, turn: draft.turn });
  draft.messages.push(turn.unified);
}

function describeBlock(block: Block): string {
  if (block.type === "unknown") {
    const raw = block.raw as { type?: unknown } | null;
    return `a ${typeof raw?.type === "string" ? raw.type : "unknown"} part`;
  }
  return `a ${block.type} block`;
}

/**
 * A message reduced to what two providers' forms of it share, to compare requests with what came
 * before. Canonical JSON (keys sorted): a client sends a turn back with its keys in its own order
 * (the SDK puts a streamed block's `input` after `caller`), and that is still the same turn.
 */
export function summarizeMessage(message: UnifiedMessage): string {
  return canonicalizeValue([
    message.role,
    message.content.map((block) => {
      switch (block.type) {
        case "toolCall":
          return [block.type, block.id, block.name, block.arguments];
        case "toolResult":
          return [block.type, block.toolCallId, block.content, block.isError];
        case "text":
          return [block.type, block.text];
        case "thinking":
          return [block.type, block.thinking];
        case "redacted_thinking":
          return [block.type, block.data];
        case "unknown":
          return [block.type, block.raw];
        default:
          return assertNever(block, "unified block");
      }
    }),
  ]);
}
