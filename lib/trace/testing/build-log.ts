/**
 * Hand-built logs for projection tests: the envelope, and the events most tests need, each with
 * the fewest fields a fold reads. Test-only.
 */
import type { Block, ToolCallBlock } from "@/lib/protocol/unified";
import {
  NO_BREAKPOINTS,
  type PolicyConfig,
  type ToolDefinition,
  type WorkspaceFiles,
} from "@/lib/trace/config";
import type { NewEvent, TraceEvent, WorkspaceChange } from "@/lib/trace/events";

/** Gives hand-written events their envelope: dense seq from 0, `at` 1000 + seq, one session id. */
export function buildLog(events: readonly NewEvent[], sessionId = "s1"): TraceEvent[] {
  return events.map((event, seq) => ({ ...event, seq, at: 1000 + seq, sessionId }) as TraceEvent);
}

/** `session.created` with an offline provider, no breakpoints, and what the test names. */
export function sessionCreated(
  options: {
    tools?: ToolDefinition[];
    system?: string;
    policy?: PolicyConfig;
    workspace?: WorkspaceFiles;
  } = {},
): NewEvent {
  return {
    kind: "session.created",
    config: {
      title: "t",
      provider: { kind: "offline" },
      system: options.system ?? "",
      tools: options.tools ?? [],
      policy: options.policy ?? {},
      scenario: null,
      breakpoints: NO_BREAKPOINTS,
    },
    workspace: options.workspace ?? {},
  };
}

/** A text block. */
export function textBlock(text: string): Block {
  return { type: "text", text };
}

/** A tool call block as the model sent it: a string is the raw argument text (as OpenAI sends it), anything else is sent as JSON. */
export function toolCall(id: string, name: string, args: unknown = {}): ToolCallBlock {
  return {
    type: "toolCall",
    id,
    name,
    arguments: args,
    rawArguments: typeof args === "string" ? args : JSON.stringify(args),
  };
}

/** A `turn.completed` with these blocks; it stops for `tool_use` when one is a call, else `end_turn`. */
export function turnCompleted(turn: number, content: readonly Block[]): NewEvent {
  const stop = content.some((block) => block.type === "toolCall") ? "tool_use" : "end_turn";
  return {
    kind: "turn.completed",
    turn,
    attempt: 1,
    format: "anthropic",
    message: {},
    unified: { role: "assistant", content: [...content] },
    stopReason: { unified: stop, raw: stop },
    usage: { inputTokens: null, outputTokens: null },
  };
}

/** The `tool.result` of a call (turn 1, `ok`, not an error, unless told). */
export function toolResult(result: {
  callId: string;
  name: string;
  content?: string;
  isError?: boolean;
  turn?: number;
}): NewEvent {
  return {
    kind: "tool.result",
    callId: result.callId,
    turn: result.turn ?? 1,
    name: result.name,
    content: result.content ?? "ok",
    isError: result.isError ?? false,
  };
}

/** A `workspace.changed` made by a call. */
export function workspaceChanged(callId: string, change: WorkspaceChange): NewEvent {
  return { kind: "workspace.changed", callId, change };
}
