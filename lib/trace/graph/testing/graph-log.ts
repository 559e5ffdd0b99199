/** The graph's own hand-built events (a request, wire events, stages); the log and the rest come from `@/lib/trace/testing/build-log`. */
import type { NewEvent, Stage, StageStatus } from "@/lib/trace/events";
import type { RunGraph } from "../types";

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
