/**
 * The transcript projection: the conversation as the model sees it, folded from the log.
 *
 * Tool results are placed in the user message right after the assistant message that made the
 * call, in the order of the calls, whatever order they finished in; a later user text joins
 * that message after the results, so results always come first in their message.
 */
import type { Block, Role, ToolCallBlock, ToolResultBlock, UnifiedMessage } from "@/lib/protocol/unified";
import { assertNever } from "@/lib/protocol/unified";
import type { ToolDefinition } from "./config";
import type { TraceEvent } from "./events";

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

/** Folds one event into the transcript. Pure; returns the same view when the event changes nothing. */
export function reduceTranscript(view: TranscriptView, event: TraceEvent): TranscriptView {
  switch (event.kind) {
    case "session.created":
      return { ...view, system: event.config.system, tools: event.config.tools };
    case "session.configured":
      return {
        ...view,
        system: event.changes.system?.after ?? view.system,
        tools: event.changes.tools?.after ?? view.tools,
      };
    case "user.message":
      return appendUserText(view, event.turn, event.seq, event.text);
    case "turn.completed":
      return {
        ...view,
        messages: [
          ...view.messages,
          {
            role: "assistant",
            turn: event.turn,
            seq: event.seq,
            content: event.unified.content,
            ...(event.cut ? { cut: true as const } : {}),
          },
        ],
      };
    case "tool.result":
      return placeResult(view, event.seq, {
        type: "toolResult",
        toolCallId: event.callId,
        content: event.content,
        isError: event.isError,
        ...(event.errorKind ? { errorKind: event.errorKind } : {}),
        ...(event.hint ? { hint: event.hint } : {}),
      });
    case "run.finished":
    case "run.interrupted":
    case "run.failed":
      return event.syntheticResults.reduce((v, result) => placeResult(v, event.seq, result), view);
    case "session.forked":
      return replaceMessages(view, event.seq, event.edits.messages);
    case "run.started":
    case "request.assembled":
    case "wire.response":
    case "wire.event":
    case "wire.error":
    case "batch.planned":
    case "tool.stage":
    case "tool.decision":
    case "tool.progress":
    case "workspace.changed":
    case "call.replayed":
    case "provider.trust":
    case "run.paused":
    case "run.resumed":
    case "session.trusted":
    case "mcp.connected":
    case "mcp.failed":
    case "mcp.message":
    case "tokens.counted":
      return view;
    default:
      return assertNever(event, "event kind");
  }
}

/** The transcript as of event `upTo` (inclusive; default: the whole log). */
export function projectTranscript(events: readonly TraceEvent[], upTo = Infinity): TranscriptView {
  let view = EMPTY_TRANSCRIPT;
  for (const event of events) {
    if (event.seq > upTo) break;
    view = reduceTranscript(view, event);
  }
  return view;
}

/**
 * A fork whose edits carry `messages` starts from exactly those messages: they replace the
 * copied transcript, all stamped with the `session.forked` seq. Turns are counted as a run
 * would: each assistant message is the next turn, a user message with text opens the turn after
 * the last one, one holding only tool results belongs to its caller's turn. Anything but a
 * list of `{ role, content: [] }` messages leaves the view as it was.
 */
function replaceMessages(view: TranscriptView, seq: number, edited: unknown): TranscriptView {
  if (!Array.isArray(edited) || !edited.every(isMessageLike)) return view;
  let turn = 0;
  const messages = (edited as UnifiedMessage[]).map(({ role, content }): TranscriptMessage => {
    if (role === "assistant") turn++;
    const opensTurn = role === "user" && content.some((b) => b.type !== "toolResult");
    return { role, turn: opensTurn ? turn + 1 : turn, seq, content };
  });
  return { ...view, messages };
}

function isMessageLike(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { role, content } = value as { role?: unknown; content?: unknown };
  return (role === "user" || role === "assistant") && Array.isArray(content);
}

function appendUserText(view: TranscriptView, turn: number, seq: number, text: string): TranscriptView {
  const last = view.messages.at(-1);
  const block: Block = { type: "text", text };
  if (last && last.role === "user" && last.content.every((b) => b.type === "toolResult")) {
    const merged = { ...last, turn, content: [...last.content, block] };
    return { ...view, messages: [...view.messages.slice(0, -1), merged] };
  }
  return { ...view, messages: [...view.messages, { role: "user", turn, seq, content: [block] }] };
}

function placeResult(view: TranscriptView, seq: number, result: ToolResultBlock): TranscriptView {
  const callerIndex = findLastIndex(
    view.messages,
    (m) => m.role === "assistant" && callIds(m).includes(result.toolCallId),
  );
  if (callerIndex < 0) return view;
  const caller = view.messages[callerIndex]!;
  const order = callIds(caller);
  const next = view.messages[callerIndex + 1];
  const messages = [...view.messages];
  if (next && next.role === "user") {
    if (next.content.some((b) => b.type === "toolResult" && b.toolCallId === result.toolCallId)) return view;
    const results = next.content.filter((b): b is ToolResultBlock => b.type === "toolResult");
    const rest = next.content.filter((b) => b.type !== "toolResult");
    const sorted = [...results, result].sort(
      (a, b) => order.indexOf(a.toolCallId) - order.indexOf(b.toolCallId),
    );
    messages[callerIndex + 1] = { ...next, content: [...sorted, ...rest] };
  } else {
    messages.splice(callerIndex + 1, 0, { role: "user", turn: caller.turn, seq, content: [result] });
  }
  return { ...view, messages };
}

/** The ids of the tool calls in a message, in order. */
export function callIds(message: { content: Block[] }): string[] {
  return message.content.filter((b): b is ToolCallBlock => b.type === "toolCall").map((b) => b.id);
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return i;
  return -1;
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
