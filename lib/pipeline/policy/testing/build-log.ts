import type { ToolDefinition } from "@/lib/trace/config";
import type { NewEvent, TraceEvent, WorkspaceChange } from "@/lib/trace/events";

/** Gives hand-written events their envelope: dense seq from 0, `at` 1000 + seq, session `s1`. */
export function buildLog(events: readonly NewEvent[]): TraceEvent[] {
  return events.map((event, seq) => ({ ...event, seq, at: 1000 + seq, sessionId: "s1" }) as TraceEvent);
}

export const READ_FILE: ToolDefinition = {
  name: "read_file",
  input_schema: { type: "object", properties: { path: { type: "string" } } },
  meta: { readOnly: true, idempotent: true },
};
export const WRITE_FILE: ToolDefinition = {
  name: "write_file",
  input_schema: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
  meta: { readOnly: false, destructive: true, idempotent: true },
};
export const FORMAT_NOTES: ToolDefinition = {
  name: "format_notes",
  input_schema: { type: "object", properties: {} },
  meta: { readOnly: false },
};
export const CHARGE_CARD: ToolDefinition = {
  name: "charge_card",
  input_schema: { type: "object", properties: { amount: { type: "number" } } },
  meta: { readOnly: false, idempotent: false, needsApproval: false },
};

/** `session.created` with these tools and an empty workspace. */
export function sessionCreated(tools: ToolDefinition[]): NewEvent {
  return {
    kind: "session.created",
    config: {
      title: "t",
      provider: { kind: "offline" },
      system: "",
      tools,
      policy: {},
      scenario: null,
      breakpoints: {
        beforeRequest: false,
        onWireEvent: false,
        beforeExecute: false,
        afterResult: false,
        endOfTurn: false,
      },
    },
    workspace: { "notes/todo.md": "# Todo\n" },
  };
}

/** A `turn.completed` whose assistant message holds these tool calls. */
export function turnWithCalls(
  turn: number,
  calls: { id: string; name: string; arguments: unknown }[],
): NewEvent {
  return {
    kind: "turn.completed",
    turn,
    attempt: 1,
    format: "anthropic",
    message: {},
    unified: {
      role: "assistant",
      content: calls.map((call) => ({
        type: "toolCall" as const,
        ...call,
        rawArguments: JSON.stringify(call.arguments),
      })),
    },
    stopReason: { unified: "tool_use", raw: "tool_use" },
    usage: { inputTokens: null, outputTokens: null },
  };
}

/** The `tool.result` of a call. */
export function result(callId: string, name: string, isError = false): NewEvent {
  return { kind: "tool.result", callId, turn: 1, name, content: isError ? "failed" : "ok", isError };
}

/** A `workspace.changed` made by a call. */
export function changed(callId: string, change: WorkspaceChange): NewEvent {
  return { kind: "workspace.changed", callId, change };
}

/** The end of a call's `execute` stage. */
export function executed(callId: string, status: "ok" | "error" | "blocked" | "skipped"): NewEvent {
  return { kind: "tool.stage", callId, stage: "execute", status };
}
