/**
 * Matching a user message to a tool (docs/architecture.md, "Models"). Pure and deterministic.
 *
 * score = 3 × (distinct message words matching a word of the tool's name)
 *       + 1 × (distinct message words matching a word of its description)
 *       + 2 when the message has a path-like token and the tool a path-like string property
 *       + 1 more in that case when the tool is read-only
 *       − 1 in that case when the path property is optional (a tool whose call is about a
 *         path requires it; one that merely can take one is a weaker match).
 * Words match after light stemming (`matchWord`). A tie above 0 goes to the tool with fewer
 * required properties (a message that names a file supplies a path, not the new content an edit
 * or a write would also need); other ties keep the order of `tools`.
 */
import "server-only";
import { assertNever } from "@/lib/protocol/unified";
import { listNamedTools } from "./read-request";
import { hasPathProperty, requiresPathProperty } from "./schema";
import { listContentWords, matchWord, type MessageTokens } from "./tokenize";
import type { OfflineRequest, OfflineToolParam, PlannerContext } from "./types";

/** The lowest score at which the model calls a tool without being forced to. */
export const SCORE_THRESHOLD = 2;

export interface ToolScore {
  tool: OfflineToolParam;
  score: number;
  /** The message words that matched the name, then those that matched the description. */
  nameMatches: string[];
  descriptionMatches: string[];
}

/** The words of a tool name: split at `_`, `-`, `.` and camelCase humps, lowercased. */
export function listNameWords(name: string): string[] {
  return listContentWords(name.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2").replace(/[_.-]+/g, " "));
}

/** Scores one tool against a tokenized message. */
export function scoreTool(tool: OfflineToolParam, tokens: MessageTokens, readOnly: boolean): ToolScore {
  const nameWords = listNameWords(tool.name);
  const descriptionWords = listContentWords(tool.description ?? "");
  const nameMatches = tokens.words.filter((word) => nameWords.some((other) => matchWord(word, other)));
  const descriptionMatches = tokens.words.filter((word) =>
    descriptionWords.some((other) => matchWord(word, other)),
  );
  let score = 3 * nameMatches.length + descriptionMatches.length;
  if (tokens.paths.length > 0 && hasPathProperty(tool.input_schema))
    score += (readOnly ? 3 : 2) - (requiresPathProperty(tool.input_schema) ? 0 : 1);
  return { tool, score, nameMatches, descriptionMatches };
}

/** Every tool with its score, best first; equal scores keep the request's order. */
export function rankTools(
  tools: readonly OfflineToolParam[],
  tokens: MessageTokens,
  context: PlannerContext,
): ToolScore[] {
  const scores = tools.map((tool) => scoreTool(tool, tokens, context.isReadOnly(tool)));
  // Array.prototype.sort is stable, so full ties stay in request order.
  return scores.sort(
    (a, b) => b.score - a.score || (a.score > 0 ? countRequired(a.tool) - countRequired(b.tool) : 0),
  );
}

/**
 * The tool to call for this message, or `null` for a text reply. `tool_choice` decides first:
 * `none` never calls, `{type:"tool"}` always calls that tool (falling back to scoring if no tool
 * has the name), `any` calls the best tool whatever its score, `auto` needs `SCORE_THRESHOLD`.
 */
export function chooseTool(
  request: OfflineRequest,
  tokens: MessageTokens,
  context: PlannerContext,
): ToolScore | null {
  const ranked = rankTools(listNamedTools(request), tokens, context);
  const best = ranked[0];
  const choice = request.tool_choice ?? { type: "auto" };
  switch (choice.type) {
    case "none":
      return null;
    case "tool":
      return ranked.find((entry) => entry.tool.name === choice.name) ?? pickAboveThreshold(best);
    case "any":
      return best ?? null;
    case "auto":
      return pickAboveThreshold(best);
    default:
      return assertNever(choice, "tool_choice");
  }
}

/** How many properties the tool's schema requires. */
function countRequired(tool: OfflineToolParam): number {
  const schema = tool.input_schema as { required?: unknown } | undefined;
  return Array.isArray(schema?.required) ? schema.required.length : 0;
}

/** The entry when its score reaches the threshold. */
function pickAboveThreshold(entry: ToolScore | undefined): ToolScore | null {
  return entry && entry.score >= SCORE_THRESHOLD ? entry : null;
}
