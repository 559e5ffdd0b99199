/** The graph's own hand-built events (a request, wire events, stages); the log and the rest come from `@/lib/trace/testing/build-log`. */
import type { NewEvent, Stage, StageStatus } from "@/lib/trace/events";
import { textBlock, toolCall, turnCompleted } from "@/lib/trace/testing/build-log";
import { isNodeKind, type GraphNodeKind, type GraphNodeOf, type RunGraph } from "../types";

export { buildLog } from "@/lib/trace/testing/build-log";

/** A `turn.completed` with optional text, then one tool call per entry, and its stop reason. */
export function completed(
  turn: number,
  text: string | null,
  calls: { id: string; name: string }[],
  stop = calls.length > 0 ? "tool_use" : "end_turn",
): NewEvent {
  const blocks = [...(text === null ? [] : [textBlock(text)]), ...calls.map((c) => toolCall(c.id, c.name))];
  const event = turnCompleted(turn, blocks);
  const unified = stop === "tool_use" ? "tool_use" : "end_turn";
  return event.kind === "turn.completed" ? { ...event, stopReason: { unified, raw: stop } } : event;
}

/** A `request.assembled` with a token estimate per section. */
export function requested(turn: number, tokens = { tools: 120, system: 30, messages: 8 }): NewEvent {
  return {
    kind: "request.assembled",
    turn,
    attempt: 1,
    format: "anthropic",
    body: {},
    tokens: { ...tokens, total: tokens.tools + tokens.system + tokens.messages, tokenizer: "o200k" },
  };
}

/** `count` wire events of a turn, from index 0. */
export function wireEvents(turn: number, count: number): NewEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    kind: "wire.event" as const,
    turn,
    attempt: 1,
    index,
    event: "content_block_delta",
    data: "{}",
    receivedAt: 0,
  }));
}

/** A stage's start and end (or only its start, when `status` is `running`). */
export function stage(callId: string, name: Stage, status: StageStatus, output = ""): NewEvent[] {
  const start: NewEvent = { kind: "tool.stage", callId, stage: name, status: "running", input: "in" };
  if (status === "running") return [start];
  return [start, { kind: "tool.stage", callId, stage: name, status, output, ms: 2 }];
}

/** Every node's status, by id. */
export function readStatuses(graph: RunGraph): Record<string, string> {
  return Object.fromEntries(graph.nodes.map((node) => [node.id, node.status]));
}

/** The node with this id when it is of `kind`; undefined when there is none (or it is of another kind). */
export function findNodeOf<K extends GraphNodeKind>(
  graph: RunGraph,
  id: string,
  kind: K,
): GraphNodeOf<K> | undefined {
  const node = graph.nodes.find((candidate) => candidate.id === id);
  return node && isNodeKind(node, kind) ? node : undefined;
}
