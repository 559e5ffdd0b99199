/**
 * Two sessions' transcripts side by side, turn by turn (the branch view). Pure.
 *
 * Turns are aligned by number: a fork copies its parent's events with their turn numbers, so
 * turn N of the child continues where turn N of the parent was. Within a turn the blocks are
 * aligned by content (a longest common subsequence), ignoring tool call ids: a fork's calls get
 * new ids, and two calls with the same name and arguments are the same step.
 */
import type { Block, Role, ToolCallBlock } from "@/lib/protocol/unified";
import { assertNever } from "@/lib/protocol/unified";
import { canonicalizeValue } from "./canonical-json";
import type { TraceEvent } from "./events";
import { lastTurn } from "./session-config";
import { projectTranscript, type TranscriptMessage } from "./transcript";

/** One block of a turn and who said it. */
export interface TurnBlock {
  role: Role;
  block: Block;
}

/** `changed`: the same kind of block from the same role, with other content. */
export type BlockMatch = "same" | "changed" | "left-only" | "right-only";

export interface ComparedBlock {
  match: BlockMatch;
  left: TurnBlock | null;
  right: TurnBlock | null;
}

/** Where a turn stands relative to the fork: copied whole, holding the fork point, or after it. */
export type ForkPosition = "before-fork" | "at-fork" | "after-fork";

export interface ComparedTurn {
  turn: number;
  /** `same` when every block matches; `left-only` / `right-only` when one session never reached it. */
  match: BlockMatch;
  /** `null` when the two sessions are not parent and fork. */
  position: ForkPosition | null;
  blocks: ComparedBlock[];
}

export interface TurnComparison {
  turns: ComparedTurn[];
  /** The first turn that is not `same`, or `null` when the transcripts match turn for turn. */
  firstDifference: number | null;
  /** The turn holding the fork point, when `forkSeq` was given. */
  forkTurn: number | null;
}

/**
 * What makes two blocks the same step, ids left out: the text, the tool's name and arguments
 * (canonical JSON, or the raw text when it never parsed), a result's content and error flag.
 */
export function describeBlockKey(block: Block): string {
  switch (block.type) {
    case "text":
      return `text:${block.text}`;
    case "thinking":
      return `thinking:${block.thinking}`;
    case "redacted_thinking":
      return `redacted_thinking:${block.data}`;
    case "toolCall":
      return `toolCall:${block.name}:${describeArguments(block)}`;
    case "toolResult":
      return `toolResult:${block.isError ? "error" : "ok"}:${block.errorKind ?? ""}:${block.content}`;
    case "unknown":
      return `unknown:${canonicalizeValue(block.raw)}`;
    default:
      return assertNever(block, "block type");
  }
}

function describeArguments(call: ToolCallBlock): string {
  return call.arguments === null ? `raw:${call.rawArguments}` : canonicalizeValue(call.arguments);
}

/**
 * The blocks of each turn, turns ascending. A tool result belongs to the turn of the call it
 * answers (a later user text can share its message and carry the next turn's number); every
 * other block to its message's turn.
 */
export function groupTurns(messages: readonly TranscriptMessage[]): Map<number, TurnBlock[]> {
  const callTurn = new Map<string, number>();
  const turns = new Map<number, TurnBlock[]>();
  for (const message of messages) {
    for (const block of message.content) {
      if (block.type === "toolCall") callTurn.set(block.id, message.turn);
      const turn =
        block.type === "toolResult" ? (callTurn.get(block.toolCallId) ?? message.turn) : message.turn;
      turns.set(turn, [...(turns.get(turn) ?? []), { role: message.role, block }]);
    }
  }
  return new Map([...turns].sort(([a], [b]) => a - b));
}

const keyOf = (item: TurnBlock) => `${item.role}:${describeBlockKey(item.block)}`;
const sameShape = (a: TurnBlock, b: TurnBlock) => a.role === b.role && a.block.type === b.block.type;

/**
 * The blocks of one turn aligned: equal blocks paired as `same` (longest common subsequence);
 * between two such pairs, a block is paired as `changed` with the next unpaired block of the
 * same role and type on the other side, and the rest are `left-only` or `right-only`. Every
 * block of both sides appears exactly once, in its own side's order.
 */
export function alignBlocks(left: readonly TurnBlock[], right: readonly TurnBlock[]): ComparedBlock[] {
  const a = left.map(keyOf);
  const b = right.map(keyOf);
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] =
        a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const aligned: ComparedBlock[] = [];
  let i = 0;
  let j = 0;
  let gapLeft = 0;
  let gapRight = 0;
  const flushGap = () => {
    aligned.push(...pairGap(left.slice(gapLeft, i), right.slice(gapRight, j)));
  };
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      flushGap();
      aligned.push({ match: "same", left: left[i]!, right: right[j]! });
      i++;
      j++;
      gapLeft = i;
      gapRight = j;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  i = a.length;
  j = b.length;
  flushGap();
  return aligned;
}

/** Blocks between two matches: same-shaped ones paired in order as `changed`, the rest alone. */
function pairGap(left: readonly TurnBlock[], right: readonly TurnBlock[]): ComparedBlock[] {
  const out: ComparedBlock[] = [];
  let next = 0;
  for (const item of left) {
    const found = right.findIndex((candidate, index) => index >= next && sameShape(item, candidate));
    if (found === -1) {
      out.push({ match: "left-only", left: item, right: null });
      continue;
    }
    for (; next < found; next++) out.push({ match: "right-only", left: null, right: right[next]! });
    out.push({ match: "changed", left: item, right: right[found]! });
    next = found + 1;
  }
  for (; next < right.length; next++) out.push({ match: "right-only", left: null, right: right[next]! });
  return out;
}

/**
 * Compares two sessions' logs turn by turn. `forkSeq` (the fork's `session.forked.forkSeq`,
 * when one session is a fork of the other) places each turn before, at or after the fork.
 * Never throws; an empty log is a session with no turns.
 */
export function compareTurns(
  left: readonly TraceEvent[],
  right: readonly TraceEvent[],
  options: { forkSeq?: number } = {},
): TurnComparison {
  const leftTurns = groupTurns(projectTranscript(left).messages);
  const rightTurns = groupTurns(projectTranscript(right).messages);
  const numbers = [...new Set([...leftTurns.keys(), ...rightTurns.keys()])].sort((x, y) => x - y);
  const forkTurn =
    options.forkSeq === undefined ? null : lastTurn(left.filter((event) => event.seq <= options.forkSeq!));
  const turns = numbers.map((turn): ComparedTurn => {
    const l = leftTurns.get(turn);
    const r = rightTurns.get(turn);
    const blocks = alignBlocks(l ?? [], r ?? []);
    const match: BlockMatch =
      l === undefined
        ? "right-only"
        : r === undefined
          ? "left-only"
          : blocks.every((b) => b.match === "same")
            ? "same"
            : "changed";
    return { turn, match, position: placeTurn(turn, forkTurn), blocks };
  });
  return { turns, firstDifference: turns.find((turn) => turn.match !== "same")?.turn ?? null, forkTurn };
}

function placeTurn(turn: number, forkTurn: number | null): ForkPosition | null {
  if (forkTurn === null) return null;
  if (turn < forkTurn) return "before-fork";
  return turn === forkTurn ? "at-fork" : "after-fork";
}
