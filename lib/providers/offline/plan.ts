/**
 * What the offline model decides to say (docs/architecture.md, "Models"), before ids and usage.
 *
 * The decision is a chain of planners: each looks at the request and either answers or passes.
 * Scripted scenarios and the "correct itself once after a schema_validation_error" behaviour
 * belong here later, as planners placed before `DEFAULT_PLANNERS`. Pure.
 */
import "server-only";
import { planCalls, type PlannedCall } from "./plan-calls";
import { listNamedTools, readToolResults } from "./read-request";
import { shortenText, summarizeResults } from "./summary";
import type { OfflinePlanner, OfflineReply, OfflineRequest, PlannerContext } from "./types";

/** Answers a turn that carries tool results with a summary of them; passes otherwise. */
export const planResultSummary: OfflinePlanner = (request) => {
  const results = readToolResults(request);
  if (results.length === 0) return null;
  return { blocks: [{ type: "text", text: summarizeResults(results) }] };
};

/** One argument as the preface names it: `path "notes/todo.md"`. */
function describeArgument([key, value]: [string, unknown]): string {
  const shown =
    typeof value === "string" ? `"${shortenText(value, 40)}"` : shortenText(JSON.stringify(value), 40);
  return `${key} ${shown}`;
}

/** A call as the preface names it: `read_file with path "notes/todo.md"`. */
function nameCall(name: string, input: Record<string, unknown>): string {
  const parts = Object.entries(input).map(describeArgument);
  if (parts.length === 0) return name;
  const last = parts.pop();
  const list = parts.length > 0 ? `${parts.join(", ")} and ${last}` : last;
  return `${name} with ${list}`;
}

/** The sentence before a tool call: `I'll use read_file with path "notes/todo.md".` */
export function describeToolCall(name: string, input: Record<string, unknown>): string {
  return `I'll use ${nameCall(name, input)}.`;
}

/** The sentence before several calls: `I'll make 2 calls: get_weather with city "Paris"; …`. */
export function describeToolCalls(calls: readonly PlannedCall[]): string {
  const [only] = calls;
  if (calls.length === 1 && only) return describeToolCall(only.tool.name, only.input);
  return `I'll make ${calls.length} calls at once: ${calls.map((call) => nameCall(call.tool.name, call.input)).join("; ")}.`;
}

/** The text reply when no tool is called, saying why and which tools there are. */
function describeNoTool(request: OfflineRequest): string {
  const names = listNamedTools(request).map((tool) => tool.name);
  if (names.length === 0)
    return "I'm the offline model. This request has no tools, so I can only answer in text.";
  const available = `Available tools: ${names.join(", ")}.`;
  if (request.tool_choice?.type === "none")
    return `Tool use is off for this turn (tool_choice "none"). ${available}`;
  return `I'm the offline model and I couldn't match your message to a tool. ${available} Name a tool or mention a file path and I'll use it.`;
}

/** Answers a user's text with the tool calls it asks for, else with text. Never passes. */
export const planToolCall: OfflinePlanner = (request, context) => {
  const calls = planCalls(request, context);
  if (calls.length === 0) return { blocks: [{ type: "text", text: describeNoTool(request) }] };
  return {
    blocks: [
      { type: "text", text: describeToolCalls(calls) },
      ...calls.map((call) => ({ type: "tool_use" as const, name: call.tool.name, input: call.input })),
    ],
  };
};

/** The default chain: summarize tool results, else answer the user's text. */
export const DEFAULT_PLANNERS: readonly OfflinePlanner[] = [planResultSummary, planToolCall];

/** The reply of the first planner that answers; a fixed text reply if none does. */
export function planReply(
  request: OfflineRequest,
  context: PlannerContext,
  planners: readonly OfflinePlanner[] = DEFAULT_PLANNERS,
): OfflineReply {
  for (const planner of planners) {
    const reply = planner(request, context);
    if (reply) return reply;
  }
  return { blocks: [{ type: "text", text: "I'm the offline model and I have nothing to add." }] };
}
