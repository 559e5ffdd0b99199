/**
 * Where on screen a step's event shows, so the guide can mark it (pure): the flow graph's nodes,
 * the raw stream's row and the transcript's tool_use block. The marks are CSS rules on the
 * panes' own `data-*` attributes, so no pane needs to know about lessons.
 */
import type { TraceEvent } from "@/lib/trace/events";
import { graphIds, readCallId, type BlockNode, type GraphNode } from "@/lib/trace/graph/types";

/** What to mark for one step. */
export interface StepHighlight {
  /** Graph node ids (`t1:call:toolu_1:preflight`, `t1:stream`…). */
  nodeIds: string[];
  /** The seq of a stream row to mark (a `wire.event` step). */
  streamSeq: number | null;
  /** A tool call's id, for its tool_use and tool_result blocks in the transcript. */
  callId: string | null;
  /** For a `block:<type>` step: the block type to mark in the transcript's last message. */
  blockType: string | null;
}

/** A step's target split at its first colon: `node:preflight` → `{ type: "node", name: "preflight" }`. */
export function parseTarget(target: string): { type: "node" | "block" | "event" | "other"; name: string } {
  const colon = target.indexOf(":");
  const type = colon < 0 ? "" : target.slice(0, colon);
  const name = colon < 0 ? target : target.slice(colon + 1);
  return type === "node" || type === "block" || type === "event" ? { type, name } : { type: "other", name };
}

/** The call id and turn an event names, when it names one. */
function readEventPlace(event: TraceEvent): { callId: string | null; turn: number | null } {
  const record = event as unknown as Record<string, unknown>;
  return {
    callId: typeof record.callId === "string" ? record.callId : null,
    turn: typeof record.turn === "number" ? record.turn : null,
  };
}

/**
 * The graph nodes to mark: the nodes built from the event (those whose `seqs` hold it, or the
 * turn's stream node for a wire event), narrowed by the target — `node:<stage>` to that stage of
 * the event's call, `block:<type>` to blocks of that type. When the narrowing finds nothing
 * among them, the same stage or block type of the event's call or turn anywhere in the graph.
 */
export function findStepNodes(nodes: readonly GraphNode[], event: TraceEvent, target: string): string[] {
  const { type, name } = parseTarget(target);
  const { callId, turn } = readEventPlace(event);
  const own = nodes.filter((node) => node.seqs.includes(event.seq));
  const built =
    own.length > 0 || turn === null ? own : nodes.filter((node) => node.id === graphIds.stream(turn));
  const fits = (node: GraphNode) =>
    type === "node"
      ? (node.kind === "stage" && node.stage === name) ||
        node.kind === name ||
        (node.kind === "request-section" && node.section === name)
      : type === "block"
        ? node.kind === "block" && node.blockType === name
        : true;
  const narrowed = built.filter(fits);
  if (narrowed.length > 0) return narrowed.map((node) => node.id);
  if (type !== "node" && type !== "block") return built.map((node) => node.id);
  const near = (node: GraphNode) => (callId !== null ? readCallId(node) === callId : node.turn === turn);
  return nodes.filter((node) => fits(node) && near(node)).map((node) => node.id);
}

/** Everything to mark for the step whose event is `event`. */
export function describeHighlight(
  nodes: readonly GraphNode[],
  event: TraceEvent,
  target: string,
): StepHighlight {
  return {
    nodeIds: findStepNodes(nodes, event, target),
    streamSeq: event.kind === "wire.event" ? event.seq : null,
    callId: readEventPlace(event).callId ?? readCallOfTurn(nodes, event, target),
    blockType: parseTarget(target).type === "block" ? parseTarget(target).name : null,
  };
}

/** For a `block:tool_use` step on `turn.completed`: the call of the turn's first tool_use block. */
function readCallOfTurn(nodes: readonly GraphNode[], event: TraceEvent, target: string): string | null {
  if (target !== "block:tool_use" || event.kind !== "turn.completed") return null;
  const block = nodes.find(
    (node): node is BlockNode =>
      node.turn === event.turn && node.kind === "block" && node.callId !== undefined,
  );
  return block?.callId ?? null;
}

/**
 * A CSS string literal: quotes and backslashes escaped, line breaks and `<` as hex escapes (CSS
 * Syntax §4.3.5), so no id can end its string, its rule or the `<style>` element around it.
 */
export function quoteCss(value: string): string {
  const escaped = value
    .replace(/[\\"]/g, "\\$&")
    .replace(/[\n\r\f<]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
  return `"${escaped}"`;
}

/** The transcript's last message as of the cursor (the step's turn, when the cursor is on its event). */
const LAST_MESSAGE = '[data-testid="message"]:nth-last-child(1 of [data-testid="message"])';

/** The CSS selectors of what a highlight marks, each matched by the panes' own attributes. */
export function buildHighlightSelectors(highlight: StepHighlight): string[] {
  const selectors = highlight.nodeIds.map((id) => `.graph-node[data-node-id=${quoteCss(id)}]`);
  if (highlight.streamSeq !== null) selectors.push(`.stream-row[data-seq="${highlight.streamSeq}"]`);
  if (highlight.callId !== null)
    selectors.push(`[data-testid="block"][data-tool-use-id=${quoteCss(highlight.callId)}]`);
  if (highlight.blockType !== null)
    selectors.push(`${LAST_MESSAGE} [data-testid="block"][data-type=${quoteCss(highlight.blockType)}]`);
  return selectors;
}
