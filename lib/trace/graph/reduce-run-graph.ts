/**
 * The run graph as a fold over the log: `reduceRunGraph(state, event)` and
 * `projectRunGraph(events, upTo)`. Every status comes from an event; nothing is guessed from time.
 */
import type { StreamBlock } from "@/lib/protocol/stream-blocks";
import { assertNever } from "@/lib/protocol/unified";
import { createWireStream, reduceWireStream } from "@/lib/protocol/wire-stream";
import type { RequestAssembled, TraceEvent, WireEvent } from "../events";
import { addAssistantBlocks, clip, openTurn } from "./build-turn";
import type { GraphWindowSeed } from "./graph-window";
import { applyOutcome, applyStage, attachToCall, attachToStage, findCallTurn } from "./call-events";
import {
  EMPTY_RUN_GRAPH,
  findTurn,
  updateNode,
  updateNodeOf,
  withSeq,
  type ArgumentCheck,
  type RunGraphState,
} from "./graph-state";
import { applyPause, applyResume, applyRunEnd } from "./run-events";
import { iterateTurns } from "./turn-list";
import { graphIds, REQUEST_SECTIONS, type GraphNode, type RunGraph, type StreamNode } from "./types";

/** Folds one event into the graph state. Pure; returns the same state when the event changes nothing. */
export function reduceRunGraph(state: RunGraphState, event: TraceEvent): RunGraphState {
  switch (event.kind) {
    case "run.started":
      return { ...state, runId: event.runId, runStart: state.turns.length };
    case "user.message":
      return openTurn(state, event.turn, { text: event.text, seq: event.seq });
    case "request.assembled": {
      const captured = event.capture !== undefined;
      const next = captured === state.captured ? state : { ...state, captured };
      return applyRequest(openTurn(next, event.turn), event);
    }
    case "wire.response":
      return updateStream(state, event.turn, event.seq, (node) => ({
        status: "running",
        detail: describeStream(node.wireEvents, undefined),
      }));
    case "wire.event":
      return applyWireEvent(state, event);
    case "wire.error":
      return updateStream(state, event.turn, event.seq, () => ({ status: "error", detail: event.message }));
    case "turn.completed": {
      const stopReason = event.stopReason.raw ?? event.stopReason.unified;
      const done = updateStream(state, event.turn, event.seq, (node) => ({
        status: "ok",
        stopReason,
        cut: event.cut,
        detail: describeStream(node.wireEvents, stopReason),
      }));
      return addAssistantBlocks(done, event);
    }
    case "batch.planned":
      return event.callIds.reduce(
        (next, callId) =>
          attachToBlock(
            next,
            callId,
            event.seq,
            event.schedule.findIndex((group) => group.includes(callId)),
          ),
        state,
      );
    case "tool.stage":
      return applyStage(state, event);
    case "tool.decision":
      return attachToCall(
        state,
        event.callId,
        event.decision === "manual-result" ? "execute" : "approval",
        event.seq,
      );
    case "tool.progress":
      return attachToStage(state, event.callId, "progress", event.seq, (node) =>
        node.status === "running" ? { detail: event.message } : {},
      );
    case "workspace.changed":
      return attachToCall(state, event.callId, "execute", event.seq);
    case "tool.result":
      return applyOutcome(state, {
        callId: event.callId,
        seq: event.seq,
        isError: event.isError,
        content: event.content,
        ...(event.errorKind ? { errorKind: event.errorKind } : {}),
        ...(event.clientMs === undefined ? {} : { clientMs: event.clientMs }),
      });
    case "run.paused":
      return applyPause(state, event);
    case "run.resumed":
      return applyResume(state, event);
    case "run.finished":
    case "run.interrupted":
    case "run.failed":
      return applyRunEnd(state, event);
    case "session.forked":
      return applyEditedMessages(state, event.edits.messages, event.seq);
    case "session.created":
      return { ...state, tools: event.config.tools };
    case "session.configured":
      return event.changes.tools ? { ...state, tools: event.changes.tools.after } : state;
    case "call.replayed":
    case "provider.trust":
    case "session.trusted":
    case "mcp.connected":
    case "mcp.failed":
    case "mcp.message":
    case "tokens.counted":
      return state;
    default:
      return assertNever(event, "event kind");
  }
}

/** The graph of a state: nodes in the order they were added, turn by turn, and every edge. */
export function readRunGraph(state: RunGraphState): RunGraph {
  const nodes: GraphNode[] = [];
  const edges: RunGraph["edges"] = [];
  for (const graph of iterateTurns(state.turns)) {
    for (const id of graph.order) nodes.push(graph.nodes.get(id)!);
    edges.push(...graph.edges);
  }
  return { nodes, edges };
}

/** What a projection may be given: the validator a client call's arguments are checked with. */
export interface RunGraphOptions {
  checkArguments?: ArgumentCheck;
}

/**
 * The state a fold starts from, with the options in it; with a seed, the state a window of the
 * log starts from (lib/trace/graph/graph-window.ts): the tools and link the runs before it left.
 */
export function createRunGraphState(
  options: RunGraphOptions = {},
  seed?: GraphWindowSeed | null,
): RunGraphState {
  const initial = seed ? { ...EMPTY_RUN_GRAPH, tools: seed.tools, link: seed.link } : EMPTY_RUN_GRAPH;
  return options.checkArguments ? { ...initial, checkArguments: options.checkArguments } : initial;
}

/** The graph as of event `upTo` (inclusive; default: the whole log). */
export function projectRunGraph(
  events: readonly TraceEvent[],
  upTo = Infinity,
  options: RunGraphOptions = {},
): RunGraph {
  return readRunGraph(foldRunGraph(createRunGraphState(options), events, upTo));
}

/** Folds events (those with `seq <= upTo`) into a state. */
export function foldRunGraph(
  state: RunGraphState,
  events: readonly TraceEvent[],
  upTo = Infinity,
): RunGraphState {
  let next = state;
  for (const event of events) {
    if (event.seq > upTo) break;
    next = reduceRunGraph(next, event);
  }
  return next;
}

/**
 * A fork's edited messages replace the copied transcript (lib/trace/transcript.ts): each user
 * message with text is the user node of the turn it opens, counted as the transcript counts
 * (one turn per assistant message before it), so the graph shows the edited text.
 */
function applyEditedMessages(state: RunGraphState, edited: unknown, seq: number): RunGraphState {
  if (!Array.isArray(edited)) return state;
  let turn = 0;
  let next = state;
  for (const message of edited as { role?: unknown; content?: unknown }[]) {
    if (message?.role === "assistant") turn++;
    if (message?.role !== "user" || !Array.isArray(message.content)) continue;
    const text = (message.content as { type?: unknown; text?: unknown }[])
      .flatMap((block) => (block?.type === "text" && typeof block.text === "string" ? [block.text] : []))
      .join("\n");
    if (text === "") continue;
    next = updateNodeOf(next, turn + 1, graphIds.user(turn + 1), "user", (node) =>
      node.detail === clip(text, 160)
        ? node
        : { ...node, label: clip(text, 48), detail: clip(text, 160), seqs: withSeq(node, seq) },
    );
  }
  return next;
}

/** Adds a seq to the tool_use block that made a call, and the call's group in the batch's schedule. */
function attachToBlock(state: RunGraphState, callId: string, seq: number, group: number): RunGraphState {
  const turn = findCallTurn(state, callId);
  const graph = turn === undefined ? undefined : findTurn(state, turn);
  const id = graph?.order.find((nodeId) => {
    const node = graph.nodes.get(nodeId)!;
    return node.kind === "block" && node.callId === callId;
  });
  if (turn === undefined || !id) return state;
  return updateNode(state, turn, id, (node) => ({
    ...node,
    seqs: withSeq(node, seq),
    ...(node.kind === "block" && group >= 0 ? { batchGroup: group } : {}),
  }));
}

function nameBlock(block: StreamBlock): string {
  if (block.kind === "text") return block.refusal ? "refusal" : "text";
  if (block.kind === "tool") return block.toolName || "tool";
  return block.kind === "other" ? block.blockType : "reasoning";
}

/** Counts the wire event and folds it into the attempt's stream parts, naming the blocks started. */
function applyWireEvent(state: RunGraphState, event: WireEvent): RunGraphState {
  const live = state.stream;
  const matches = live !== null && live.turn === event.turn && live.attempt === event.attempt;
  const stream = matches
    ? { ...live, state: reduceWireStream(live.state, { event: event.event, data: event.data }) }
    : null;
  const next = matches ? { ...state, stream } : state;
  return updateStream(next, event.turn, null, (node) => {
    const count = (node.wireEvents ?? 0) + 1;
    const blocks = stream?.state.blocks.blocks ?? [];
    const started =
      blocks.length === (node.streamBlocks?.length ?? 0) ? node.streamBlocks : blocks.map(nameBlock);
    return {
      status: "running",
      wireEvents: count,
      streamBlocks: started,
      detail: describeStream(count, undefined),
    };
  });
}

/** The three sections are assembled at once; a retry (attempt > 1) starts the stream over. */
function applyRequest(input: RunGraphState, event: RequestAssembled): RunGraphState {
  const stream = { turn: event.turn, attempt: event.attempt, state: createWireStream(event.format) };
  let next: RunGraphState = { ...input, stream };
  for (const section of REQUEST_SECTIONS) {
    const tokens = event.tokens[section];
    next = updateNodeOf(
      next,
      event.turn,
      graphIds.section(event.turn, section),
      "request-section",
      (node) => ({
        ...node,
        status: "ok",
        tokens,
        detail: `${tokens} tokens (${event.tokens.tokenizer})`,
        seqs: withSeq(node, event.seq),
      }),
    );
  }
  if (event.attempt === 1) return next;
  return updateStream(next, event.turn, null, () => ({
    status: "pending",
    wireEvents: 0,
    streamBlocks: undefined,
    stopReason: undefined,
    cut: undefined,
    detail: describeStream(0, undefined),
  }));
}

/**
 * Changes the turn's stream node. Wire events are counted, not listed in `seqs` (a long stream
 * would make every step copy thousands of seqs); the detail pane lists them by turn.
 */
function updateStream(
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

function describeStream(count: number, stopReason: string | undefined): string {
  const events = `${count} wire event${count === 1 ? "" : "s"}`;
  return stopReason ? `${events} · stop ${stopReason}` : events;
}
