/**
 * What the offline model decides to say (docs/architecture.md, "Models"), before ids and usage.
 *
 * The decision is a chain of planners: each looks at the request and either answers or passes.
 * Scripted scenarios and the "correct itself once after a schema_validation_error" behaviour
 * belong here later, as planners placed before `DEFAULT_PLANNERS`. Pure.
 */
import "server-only";
import { fillArguments } from "./arguments";
import { listNamedTools, readToolResults, readUserText, type ToolResultView } from "./read-request";
import { chooseTool } from "./score";
import { tokenizeMessage } from "./tokenize";
import type { OfflinePlanner, OfflineReply, OfflineRequest, PlannerContext } from "./types";

/** How many characters of a result the summary quotes. */
export const QUOTE_LIMIT = 200;

/** `text` on one line, whitespace collapsed, cut to `limit` characters with an ellipsis. */
export function shortenText(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const characters = Array.from(flat);
  return characters.length > limit ? `${characters.slice(0, limit).join("")}…` : flat;
}

/** `text` ending in a full stop unless it already ends a sentence. */
function endSentence(text: string): string {
  return /[.!?…]$/u.test(text) ? text : `${text}.`;
}

/** One sentence about one tool result, naming its tool (or its call id when no call matches). */
export function describeResult(result: ToolResultView): string {
  const call = `The tool call ${result.toolUseId || "(no id)"}`;
  if (result.isError) {
    const firstLine = result.content.split(/\r?\n/).find((line) => line.trim().length > 0) ?? "";
    const reason = firstLine ? shortenText(firstLine, QUOTE_LIMIT) : "no error message";
    return endSentence(`${result.toolName ? `The call to ${result.toolName}` : call} failed: ${reason}`);
  }
  // A tool name starts the sentence as is ("read_file returned…"), never capitalized.
  const subject = result.toolName ?? call;
  const quote = shortenText(result.content, QUOTE_LIMIT);
  return quote ? `${subject} returned "${quote}".` : `${subject} returned nothing.`;
}

/** The summary of every result of the turn, one sentence each, joined by spaces. */
export function summarizeResults(results: readonly ToolResultView[]): string {
  return results.map(describeResult).join(" ");
}

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

/** The sentence before a tool call: `I'll use read_file with path "notes/todo.md".` */
export function describeToolCall(name: string, input: Record<string, unknown>): string {
  const parts = Object.entries(input).map(describeArgument);
  if (parts.length === 0) return `I'll use ${name}.`;
  const last = parts.pop();
  const list = parts.length > 0 ? `${parts.join(", ")} and ${last}` : last;
  return `I'll use ${name} with ${list}.`;
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

/** Answers a user's text with a tool call when a tool matches it, else with text. Never passes. */
export const planToolCall: OfflinePlanner = (request, context) => {
  const text = readUserText(request);
  const tokens = tokenizeMessage(text);
  const chosen = chooseTool(request, tokens, context);
  if (!chosen) return { blocks: [{ type: "text", text: describeNoTool(request) }] };
  const toolWords = [...chosen.nameMatches, ...chosen.descriptionMatches];
  const input = fillArguments(chosen.tool.input_schema, text, tokens, toolWords);
  return {
    blocks: [
      { type: "text", text: describeToolCall(chosen.tool.name, input) },
      { type: "tool_use", name: chosen.tool.name, input },
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
