/**
 * The run graph as a fold over the log: `reduceRunGraph(state, event)` and
 * `projectRunGraph(events, upTo)`. Every status comes from an event; nothing is guessed from time.
 */
import { assertNever } from "@/lib/protocol/unified";
import { createWireStream } from "@/lib/protocol/wire-stream";
import { countEventsThrough } from "../checkpoints";
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
import { applyWireEvents, describeStream, updateStream } from "./stream-events";
import { iterateTurns } from "./turn-list";
import { graphIds, REQUEST_SECTIONS, type GraphNode, type RunGraph } from "./types";

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
      return applyWireEvents(state, [event]);
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
  return foldRunGraphRange(state, events, 0, countEventsThrough(events, upTo));
}

/**
 * Folds `events[from..to)` into a state: the same state as `reduceRunGraph` event by event, with
 * a run of one attempt's wire events folded at once (a long stream's node is copied once, not
 * once an event: lib/trace/graph/stream-events.ts).
 */
export function foldRunGraphRange(
  state: RunGraphState,
  events: readonly TraceEvent[],
  from: number,
  to: number,
): RunGraphState {
  let next = state;
  let index = from;
  while (index < to) {
    const event = events[index]!;
    if (event.kind !== "wire.event") {
      next = reduceRunGraph(next, event);
      index++;
      continue;
    }
    const run = [event];
    for (index++; index < to; index++) {
      const later = events[index]!;
      if (!isSameStream(later, event)) break;
      run.push(later);
    }
    next = applyWireEvents(next, run);
  }
  return next;
}

function isSameStream(event: TraceEvent, first: WireEvent): event is WireEvent {
  return event.kind === "wire.event" && event.turn === first.turn && event.attempt === first.attempt;
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
