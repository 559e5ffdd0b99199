/**
 * The model stream's node in the run graph: wire events counted and read as stream parts in the
 * request's wire format, naming the blocks the stream started. A run of one attempt's wire events
 * is folded at once: the stream parts event by event, the node copied once for the run.
 */
import type { StreamBlock } from "@/lib/protocol/stream-blocks";
import { reduceWireStream } from "@/lib/protocol/wire-stream";
import type { WireEvent } from "../events";
import { findNode, updateNodeOf, withSeq, type RunGraphState } from "./graph-state";
import { graphIds, type StreamNode } from "./types";

/**
 * Folds consecutive wire events of one turn's attempt (`run`, never empty) as folding them one by
 * one would: counted, and the stream's blocks named as of each event that changed their number.
 */
export function applyWireEvents(state: RunGraphState, run: readonly WireEvent[]): RunGraphState {
  const { turn, attempt } = run[0]!;
  const live = state.stream;
  const matches = live !== null && live.turn === turn && live.attempt === attempt;
  const current = findStreamNode(state, turn);
  let wire = matches ? live.state : null;
  let names = current?.streamBlocks;
  for (const event of run) {
    if (wire) wire = reduceWireStream(wire, { event: event.event, data: event.data });
    const blocks = wire?.blocks.blocks ?? [];
    if (blocks.length !== (names?.length ?? 0)) names = blocks.map(nameBlock);
  }
  const next = matches ? { ...state, stream: { ...live, state: wire! } } : state;
  return updateStream(next, turn, null, (node) => {
    const count = (node.wireEvents ?? 0) + run.length;
    return {
      status: "running",
      wireEvents: count,
      streamBlocks: names,
      detail: describeStream(count, undefined),
    };
  });
}

function findStreamNode(state: RunGraphState, turn: number): StreamNode | undefined {
  const node = findNode(state, turn, graphIds.stream(turn));
  return node?.kind === "stream" ? node : undefined;
}

/**
 * Changes the turn's stream node. Wire events are counted, not listed in `seqs` (a long stream
 * would make every step copy thousands of seqs); the detail pane lists them by turn.
 */
export function updateStream(
  state: RunGraphState,
  turn: number,
  seq: number | null,
  change: (node: StreamNode) => Partial<Omit<StreamNode, "kind">>,
): RunGraphState {
  return updateNodeOf(state, turn, graphIds.stream(turn), "stream", (node) => ({
    ...node,
    ...change(node),
    seqs: seq === null ? node.seqs : withSeq(node, seq),
  }));
}

export function describeStream(count: number, stopReason: string | undefined): string {
  const events = `${count} wire event${count === 1 ? "" : "s"}`;
  return stopReason ? `${events} · stop ${stopReason}` : events;
}

function nameBlock(block: StreamBlock): string {
  if (block.kind === "text") return block.refusal ? "refusal" : "text";
  if (block.kind === "tool") return block.toolName || "tool";
  return block.kind === "other" ? block.blockType : "reasoning";
}
