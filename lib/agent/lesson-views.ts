import "server-only";
import { findScenario, listScenarios } from "@/lib/lessons";
import type { ConceptId, Scenario } from "@/lib/lessons/types";
import type { LessonStepView } from "@/lib/trace/lesson-steps";
import type { LessonLang } from "./lesson-messages";
import { refuse, succeed, type Outcome } from "./outcome";

/** A lesson as `GET /api/scenarios` lists it, in one language. */
export interface ScenarioSummary {
  id: string;
  title: string;
  concepts: ConceptId[];
  summary: string;
  /** How many messages the lesson sends (`POST .../messages {}` that many times). */
  messages: number;
}

/** A lesson as `GET /api/scenarios/:id` serves it: the summary plus its steps. */
export interface ScenarioDetail extends ScenarioSummary {
  steps: LessonStepView[];
}

/** One lesson's summary in `lang`. */
export function summarizeScenario(scenario: Scenario, lang: LessonLang): ScenarioSummary {
  return {
    id: scenario.id,
    title: scenario.title[lang],
    concepts: [...scenario.concepts],
    summary: scenario.summary[lang],
    messages: scenario.messages.length,
  };
}

/** `GET /api/scenarios?lang=`: every lesson, in the registry's order. */
export function listScenarioSummaries(lang: LessonLang): { scenarios: ScenarioSummary[] } {
  return { scenarios: listScenarios().map((scenario) => summarizeScenario(scenario, lang)) };
}

/** `GET /api/scenarios/:id?lang=`: one lesson with its steps (target, match, text); `not_found` when unknown. */
export function getScenarioDetail(id: string, lang: LessonLang): Outcome<ScenarioDetail> {
  const scenario = findScenario(id);
  if (!scenario) return refuse("not_found", `No scenario with id ${id}.`);
  return succeed({
    ...summarizeScenario(scenario, lang),
    steps: scenario.steps.map((step) => ({
      target: step.target,
      match: structuredClone(step.match),
      text: step.text[lang],
    })),
  });
}
