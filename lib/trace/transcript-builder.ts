/**
 * The transcript fold done in place: the steps of `reduceTranscript`, but each one changes one
 * array instead of copying it, so folding a whole log is linear in its length (copying the
 * messages on every change made a 100,000-event session's fold quadratic: ~2 s in Node).
 *
 * Message objects are never changed, only replaced (a message a view holds stays as it was),
 * and the array is copied on the first change after a {@link TranscriptBuilder.view} gave it
 * away: a view taken from a builder is never touched by its later steps.
 */
import type { Block, ToolCallBlock, ToolResultBlock, UnifiedMessage } from "@/lib/protocol/unified";
import { assertNever } from "@/lib/protocol/unified";
import type { ToolDefinition } from "./config";
import type { TraceEvent } from "./events";
import type { TranscriptMessage, TranscriptView } from "./transcript";

export class TranscriptBuilder {
  private system: string;
  private tools: ToolDefinition[];
  private messages: TranscriptMessage[];
  /** Whether `messages` is this builder's own (else it is a view's, copied before a change). */
  private owned = false;
  /** The view of the current state, while nothing changed since it was made or given. */
  private current: TranscriptView | null;
  /** By message index: the seq of the event that created the message there, or last replaced it. */
  private readonly ends: number[] | null;

  /**
   * Starts from `view` (which is never changed). `trackEnds` keeps, by message index, the seq of
   * the event that last shaped each message (exact when starting from the empty view).
   */
  constructor(view: TranscriptView, options: { trackEnds?: boolean } = {}) {
    this.system = view.system;
    this.tools = view.tools;
    this.messages = view.messages as TranscriptMessage[];
    this.current = view;
    this.ends = options.trackEnds ? view.messages.map((message) => message.seq) : null;
  }

  /** The state as a view; the same object until the next change. */
  view(): TranscriptView {
    if (this.current) return this.current;
    this.owned = false;
    this.current = { system: this.system, tools: this.tools, messages: this.messages };
    return this.current;
  }

  /** By message index, the seq of the last event that shaped each message (with `trackEnds`). */
  endSeqs(): readonly number[] {
    if (!this.ends) throw new Error("TranscriptBuilder: endSeqs needs trackEnds");
    return this.ends;
  }

  /** Folds one event in. Returns whether anything changed. */
  apply(event: TraceEvent): boolean {
    switch (event.kind) {
      case "session.created":
        return this.configure(event.config.system, event.config.tools);
      case "session.configured":
        return this.configure(
          event.changes.system?.after ?? this.system,
          event.changes.tools?.after ?? this.tools,
        );
      case "user.message":
        return this.appendUserText(event.turn, event.seq, event.text);
      case "turn.completed":
        this.insert(this.messages.length, event.seq, {
          role: "assistant",
          turn: event.turn,
          seq: event.seq,
          content: event.unified.content,
          ...(event.cut ? { cut: true as const } : {}),
        });
        return true;
      case "tool.result":
        return this.placeResult(event.seq, {
          type: "toolResult",
          toolCallId: event.callId,
          content: event.content,
          isError: event.isError,
          ...(event.errorKind ? { errorKind: event.errorKind } : {}),
          ...(event.hint ? { hint: event.hint } : {}),
        });
      case "run.finished":
      case "run.interrupted":
      case "run.failed": {
        let changed = false;
        for (const result of event.syntheticResults) changed = this.placeResult(event.seq, result) || changed;
        return changed;
      }
      case "session.forked":
        return this.replaceMessages(event.seq, event.edits.messages);
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
        return false;
      default:
        return assertNever(event, "event kind");
    }
  }

  private configure(system: string, tools: ToolDefinition[]): boolean {
    this.system = system;
    this.tools = tools;
    this.current = null;
    return true;
  }

  /** The messages array, this builder's own: copied first if a view holds it. */
  private own(): TranscriptMessage[] {
    if (!this.owned) {
      this.messages = this.messages.slice();
      this.owned = true;
    }
    this.current = null;
    return this.messages;
  }

  private insert(index: number, seq: number, message: TranscriptMessage): void {
    const messages = this.own();
    if (index === messages.length) {
      messages.push(message);
      this.ends?.push(seq);
    } else {
      messages.splice(index, 0, message);
      this.ends?.splice(index, 0, seq);
    }
  }

  private replace(index: number, seq: number, message: TranscriptMessage): void {
    this.own()[index] = message;
    if (this.ends) this.ends[index] = seq;
  }

  private appendUserText(turn: number, seq: number, text: string): boolean {
    const index = this.messages.length - 1;
    const last = this.messages[index];
    const block: Block = { type: "text", text };
    if (last && last.role === "user" && last.content.every((b) => b.type === "toolResult"))
      this.replace(index, seq, { ...last, turn, content: [...last.content, block] });
    else this.insert(index + 1, seq, { role: "user", turn, seq, content: [block] });
    return true;
  }

  private placeResult(seq: number, result: ToolResultBlock): boolean {
    const callerIndex = findCaller(this.messages, result.toolCallId);
    if (callerIndex < 0) return false;
    const caller = this.messages[callerIndex]!;
    const next = this.messages[callerIndex + 1];
    if (!next || next.role !== "user") {
      this.insert(callerIndex + 1, seq, { role: "user", turn: caller.turn, seq, content: [result] });
      return true;
    }
    if (next.content.some((b) => b.type === "toolResult" && b.toolCallId === result.toolCallId)) return false;
    const order = callIds(caller);
    const results = next.content.filter((b): b is ToolResultBlock => b.type === "toolResult");
    const rest = next.content.filter((b) => b.type !== "toolResult");
    const sorted = [...results, result].sort(
      (a, b) => order.indexOf(a.toolCallId) - order.indexOf(b.toolCallId),
    );
    this.replace(callerIndex + 1, seq, { ...next, content: [...sorted, ...rest] });
    return true;
  }

  /**
   * A fork whose edits carry `messages` starts from exactly those messages: they replace the
   * copied transcript, all stamped with the `session.forked` seq. Turns are counted as a run
   * would: each assistant message is the next turn, a user message with text opens the turn after
   * the last one, one holding only tool results belongs to its caller's turn. Anything but a
   * list of `{ role, content: [] }` messages leaves the view as it was.
   */
  private replaceMessages(seq: number, edited: unknown): boolean {
    if (!Array.isArray(edited) || !edited.every(isMessageLike)) return false;
    let turn = 0;
    this.messages = (edited as UnifiedMessage[]).map(({ role, content }): TranscriptMessage => {
      if (role === "assistant") turn++;
      const opensTurn = role === "user" && content.some((b) => b.type !== "toolResult");
      return { role, turn: opensTurn ? turn + 1 : turn, seq, content };
    });
    this.owned = true;
    this.current = null;
    if (this.ends) {
      this.ends.length = 0;
      for (let i = 0; i < this.messages.length; i++) this.ends.push(seq);
    }
    return true;
  }
}

/** The ids of the tool calls in a message, in order. */
export function callIds(message: { content: Block[] }): string[] {
  return message.content.filter((b): b is ToolCallBlock => b.type === "toolCall").map((b) => b.id);
}

/** The index of the last assistant message that made call `id`, or -1. */
function findCaller(messages: readonly TranscriptMessage[], id: string): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === "assistant" && message.content.some((b) => b.type === "toolCall" && b.id === id))
      return i;
  }
  return -1;
}

function isMessageLike(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { role, content } = value as { role?: unknown; content?: unknown };
  return (role === "user" || role === "assistant") && Array.isArray(content);
}
