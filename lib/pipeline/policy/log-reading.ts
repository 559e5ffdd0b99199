import { isRecord } from "@/lib/protocol/json-value";
import type { ToolDefinition } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { resolveWorkspacePath } from "@/lib/tools/workspace-path";
import { listPathArguments } from "./confinement";

/** A tool call as the log records it: the model's arguments, or a person's edit of them. */
export interface LoggedCall {
  id: string;
  name: string;
  /** The parsed arguments (`null` when they did not parse), replaced by the last `edit` decision. */
  arguments: unknown;
}

/**
 * Indexes every `toolCall` block of every `turn.completed` (unified form) by call id, with the
 * arguments of the last `tool.decision` edit of that call in their place. Throws on a log a hook
 * cannot trust: seqs out of order, or a `turn.completed` without a unified content array.
 */
export function indexLoggedCalls(log: readonly TraceEvent[]): Map<string, LoggedCall> {
  const calls = new Map<string, LoggedCall>();
  let previousSeq = -1;
  for (const event of log) {
    if (!(event.seq > previousSeq)) throw new Error(`the log is out of order at seq ${event.seq}`);
    previousSeq = event.seq;
    if (event.kind === "turn.completed") {
      if (!Array.isArray(event.unified?.content))
        throw new Error(`turn.completed at seq ${event.seq} has no unified content`);
      for (const block of event.unified.content)
        if (block.type === "toolCall")
          calls.set(block.id, { id: block.id, name: block.name, arguments: block.arguments });
    } else if (event.kind === "tool.decision" && event.decision === "edit" && event.arguments !== undefined) {
      const call = calls.get(event.callId);
      if (call) calls.set(event.callId, { ...call, arguments: event.arguments });
    }
  }
  return calls;
}

/** The logged call with this id; throws when the log names a call it never recorded. */
export function requireLoggedCall(calls: ReadonlyMap<string, LoggedCall>, callId: string, event: TraceEvent) {
  const call = calls.get(callId);
  if (!call)
    throw new Error(`${event.kind} at seq ${event.seq} names call ${callId}, which no turn.completed holds`);
  return call;
}

/** The workspace paths (normalized) a call's path-like arguments name; none for unparsed ones. */
export function listNamedPaths(args: unknown): string[] {
  if (!isRecord(args)) return [];
  const paths = new Set<string>();
  for (const argument of listPathArguments(args)) {
    const resolved = resolveWorkspacePath(argument.value);
    if (resolved.ok && resolved.path !== "") paths.add(resolved.path);
  }
  return [...paths];
}

/**
 * Follows the session's tool definitions through the log: call {@link observe} on each event in
 * order, then {@link get} answers with the definitions as of that event.
 */
export function createToolTracker() {
  let tools = new Map<string, ToolDefinition>();
  const replace = (list: readonly ToolDefinition[]) => {
    tools = new Map(list.map((tool) => [tool.name, tool]));
  };
  return {
    observe(event: TraceEvent): void {
      if (event.kind === "session.created") replace(event.config.tools);
      else if (event.kind === "session.configured" && event.changes.tools) replace(event.changes.tools.after);
    },
    get(name: string): ToolDefinition | undefined {
      return tools.get(name);
    },
  };
}
