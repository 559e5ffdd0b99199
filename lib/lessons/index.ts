/**
 * The scenario registry: every lesson in `course/index.ts`, by id, and the planners a
 * session with a scenario gives the offline model.
 */
import "server-only";
import { createScriptPlanner } from "@/lib/providers/offline/script-planner";
import type { OfflinePlanner } from "@/lib/providers/offline/types";
import { LESSONS } from "./course";
import type { Scenario } from "./types";

let byId: ReadonlyMap<string, Scenario> | null = null;

/** Every lesson, in the order of `LESSONS`. */
export function listScenarios(): readonly Scenario[] {
  return LESSONS;
}

/**
 * The lesson with this id, or `undefined` (a Map, so `constructor` or `__proto__` is simply
 * unknown). When two lessons share an id, the first wins; a test keeps ids unique.
 */
export function findScenario(id: string): Scenario | undefined {
  if (!byId) byId = new Map([...LESSONS].reverse().map((scenario) => [scenario.id, scenario]));
  return byId.get(id);
}

/**
 * The planners the offline model asks before its defaults in a session with this scenario: the
 * lesson's script. None for a session without one, or whose lesson no longer exists.
 */
export function readScenarioPlanners(id: string | null | undefined): OfflinePlanner[] {
  const scenario = id ? findScenario(id) : undefined;
  return scenario ? [createScriptPlanner(scenario)] : [];
}
