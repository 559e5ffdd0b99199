/**
 * The calls a captured client's model made, each with the schema the client declared for its
 * tool at that request — what Toolscope checks itself for a call it did not run (the graph's
 * validate stage, lib/trace/graph/client-call.ts). Pure.
 */
import type { ToolDefinition } from "./config";
import type { TraceEvent } from "./events";

export interface ClientCall {
  id: string;
  name: string;
  turn: number;
  /** The client's `input_schema` for the tool, as of the request. */
  schema: unknown;
  /** The parsed arguments (`{}` for a call that streamed none). */
  input: unknown;
}

/** Every client call up to `upTo` whose tool the client declared and whose arguments parsed, in log order. */
export function collectClientCalls(events: readonly TraceEvent[], upTo = Infinity): ClientCall[] {
  let tools: readonly ToolDefinition[] = [];
  let captured = false;
  const calls: ClientCall[] = [];
  for (const event of events) {
    if (event.seq > upTo) break;
    if (event.kind === "session.created") tools = event.config.tools;
    else if (event.kind === "session.configured" && event.changes.tools) tools = event.changes.tools.after;
    else if (event.kind === "request.assembled") captured = event.capture !== undefined;
    else if (event.kind === "turn.completed" && captured) {
      for (const block of event.unified.content) {
        if (block.type !== "toolCall") continue;
        const tool = tools.find((candidate) => candidate.name === block.name);
        const raw = block.rawArguments.trim();
        const input = block.arguments === null && raw === "" ? {} : block.arguments;
        if (!tool || (input === null && raw !== "null")) continue;
        calls.push({ id: block.id, name: block.name, turn: event.turn, schema: tool.input_schema, input });
      }
    }
  }
  return calls;
}
