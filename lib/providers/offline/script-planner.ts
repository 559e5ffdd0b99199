/**
 * The scripted planner: a lesson's script, asked before the offline model's default
 * planners. The script drives only the model — every stage and result still comes from the real
 * pipeline — and it branches on the turn and on the previous results, never on the user's words,
 * so a lesson reads the same in English and in Chinese. Pure.
 */
import "server-only";
import { listBlocks, readToolResults } from "./read-request";
import type { OfflineScript, ScriptView } from "./script-types";
import type { OfflinePlanner, OfflineRequest } from "./types";

/** How many assistant messages the request carries: the script's turn number, from 0. */
export function countAssistantMessages(request: OfflineRequest): number {
  return request.messages.filter((message) => message.role === "assistant").length;
}

/** The text of the last user message that has any text ("" when none has). */
export function readLastUserText(request: OfflineRequest): string {
  for (let index = request.messages.length - 1; index >= 0; index--) {
    const message = request.messages[index]!;
    if (message.role !== "user") continue;
    const texts = listBlocks(message).flatMap((block) => {
      const text = (block as { text?: unknown }).text;
      return block.type === "text" && typeof text === "string" ? [text] : [];
    });
    if (texts.length > 0) return texts.join("\n");
  }
  return "";
}

/** What a scripted turn sees of `request` (see `ScriptView`). */
export function buildScriptView(request: OfflineRequest): ScriptView {
  return {
    turn: countAssistantMessages(request),
    userText: readLastUserText(request),
    results: readToolResults(request),
    request,
  };
}

/**
 * The planner of `scenario`'s script: `script[turn]` answers, where `turn` counts the assistant
 * messages in the request; a turn past the script's end, or one that returns `null`, passes to
 * the next planner (the defaults).
 */
export function createScriptPlanner(scenario: { readonly script: OfflineScript }): OfflinePlanner {
  return (request) => {
    const view = buildScriptView(request);
    const turn = scenario.script[view.turn];
    return turn ? turn(view) : null;
  };
}
