/**
 * Which tool calls one user message asks for (docs/architecture.md, "Models"). Pure and
 * deterministic.
 *
 * - One call: the whole message scored against the tools (`score.ts`), as before.
 * - Several calls: the message splits into clauses (`clauses.ts`); each clause that matches a
 *   tool on its own, with every required argument named in it, is a call ("What is the weather
 *   in Paris and what is in notes/todo.md?"). A clause that matches no tool but names a value
 *   for the previous clause's tool repeats that call with the value changed ("weather in Paris
 *   and Cairo"); one that only adds a value the call lacked continues it instead. The split is
 *   used only when it gives two or more distinct calls; otherwise the whole message decides.
 * - A follow-up: a message that matches no tool, or opens with "and"/"what about" without
 *   naming a tool, repeats the last call of the conversation with the values it names changed
 *   ("And in Cairo?", "and notes/ideas.md?").
 *
 * All the calls go into one assistant message; the pipeline runs them in parallel where the
 * tools' metadata allows (docs/architecture.md, "Batches").
 */
import "server-only";
import { fillArguments } from "./arguments";
import { opensFollowUp, splitClauses } from "./clauses";
import { findPreviousCalls, listNamedTools, readUserText } from "./read-request";
import { listProperties } from "./schema";
import { chooseTool, type ToolScore } from "./score";
import { tokenizeMessage } from "./tokenize";
import type { OfflineRequest, OfflineToolParam, PlannerContext } from "./types";

/** One planned call: the tool and its arguments, in the schema's property order. */
export interface PlannedCall {
  tool: OfflineToolParam;
  input: Record<string, unknown>;
}

/** The arguments `text` gives for `tool`; `fallbacks: false` keeps only the values it names. */
function fill(tool: OfflineToolParam, text: string, choice: ToolScore | null, fallbacks = true) {
  const tokens = tokenizeMessage(text);
  const toolWords = choice ? [...choice.nameMatches, ...choice.descriptionMatches] : [];
  return fillArguments(tool.input_schema, text, tokens, toolWords, { fallbacks });
}

/** `input` with `changes` laid over it, keys in the schema's order (unknown keys last). */
function mergeInput(
  tool: OfflineToolParam,
  input: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...input, ...changes };
  const order = listProperties(tool.input_schema).map((property) => property.name);
  const keys = [...order.filter((key) => Object.hasOwn(merged, key)), ...Object.keys(merged)];
  return Object.fromEntries([...new Set(keys)].map((key) => [key, merged[key]]));
}

/** Whether `input` has every property `tool`'s schema requires. */
function hasRequired(tool: OfflineToolParam, input: Record<string, unknown>): boolean {
  return listProperties(tool.input_schema).every(
    (property) => !property.required || Object.hasOwn(input, property.name),
  );
}

/** Whether `changes` gives a new value to a key `input` already has. */
function overridesAny(input: Record<string, unknown>, changes: Record<string, unknown>): boolean {
  return Object.keys(changes).some(
    (key) => Object.hasOwn(input, key) && JSON.stringify(input[key]) !== JSON.stringify(changes[key]),
  );
}

/** The tool a clause names on its own, scored as `auto` (or only the forced tool), or `null`. */
function chooseForClause(request: OfflineRequest, text: string, context: PlannerContext): ToolScore | null {
  const forced = request.tool_choice?.type === "tool" ? request.tool_choice.name : null;
  const tools = listNamedTools(request).filter((tool) => forced === null || tool.name === forced);
  return chooseTool({ ...request, tools, tool_choice: { type: "auto" } }, tokenizeMessage(text), context);
}

/** A tool offered in `request` by this name, or `undefined`. */
function findTool(request: OfflineRequest, name: string): OfflineToolParam | undefined {
  return listNamedTools(request).find((tool) => tool.name === name);
}

/** The calls of a split message, or `null` when a clause is a call without its required values. */
function planClauses(request: OfflineRequest, clauses: readonly string[], context: PlannerContext) {
  const calls: PlannedCall[] = [];
  for (const clause of clauses) {
    const chosen = chooseForClause(request, clause, context);
    const previous = calls.at(-1);
    if (chosen) {
      const strict = fill(chosen.tool, clause, chosen, false);
      if (!hasRequired(chosen.tool, strict)) return null;
      calls.push({ tool: chosen.tool, input: fill(chosen.tool, clause, chosen) });
      continue;
    }
    if (!previous) continue;
    const changes = fill(previous.tool, clause, null, false);
    if (Object.keys(changes).length === 0) continue;
    const input = mergeInput(previous.tool, previous.input, changes);
    if (overridesAny(previous.input, changes)) calls.push({ tool: previous.tool, input });
    else previous.input = input;
  }
  return calls;
}

/** `calls` without repeats (same tool, same arguments), first kept. */
function dropRepeats(calls: readonly PlannedCall[]): PlannedCall[] {
  const seen = new Set<string>();
  return calls.filter((call) => {
    const key = `${call.tool.name}\u0000${JSON.stringify(call.input)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A previous call repeated with what `text` names changed, or `null` when it names nothing. Each
 * clause goes to the last of the previous calls it gives a value to ("And in Cairo?" after a
 * get_weather and a read_file repeats the get_weather).
 */
function planFollowUp(request: OfflineRequest, text: string): PlannedCall[] | null {
  const previous = findPreviousCalls(request).flatMap((call) => {
    const tool = findTool(request, call.name);
    return tool ? [{ tool, input: call.input }] : [];
  });
  const calls: PlannedCall[] = [];
  for (const clause of splitClauses(text)) {
    for (const call of [...previous].reverse()) {
      const changes = fill(call.tool, clause, null, false);
      if (Object.keys(changes).length === 0) continue;
      calls.push({ tool: call.tool, input: mergeInput(call.tool, call.input, changes) });
      break;
    }
  }
  return calls.length > 0 ? dropRepeats(calls) : null;
}

/**
 * The calls the last user message asks for, in order; empty for a text reply. `tool_choice`
 * `none` never calls; `disable_parallel_tool_use` allows one call.
 */
export function planCalls(request: OfflineRequest, context: PlannerContext): PlannedCall[] {
  const choice = request.tool_choice ?? { type: "auto" };
  if (choice.type === "none") return [];
  const text = readUserText(request);
  const whole = chooseTool(request, tokenizeMessage(text), context);
  const single = whole ? [{ tool: whole.tool, input: fill(whole.tool, text, whole) }] : [];
  const oneCallOnly = choice.disable_parallel_tool_use === true;
  const namesTool = whole !== null && whole.nameMatches.length > 0;
  if ((!whole || (opensFollowUp(text) && !namesTool)) && choice.type === "auto") {
    const followUp = planFollowUp(request, text);
    if (followUp) return oneCallOnly ? followUp.slice(0, 1) : followUp;
  }
  if (oneCallOnly || !whole) return single;
  const clauses = splitClauses(text);
  if (clauses.length < 2) return single;
  const split = planClauses(request, clauses, context);
  const distinct = split ? dropRepeats(split) : [];
  return distinct.length >= 2 ? distinct : single;
}
