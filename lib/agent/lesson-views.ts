import "server-only";
import { findScenario, listScenarios } from "@/lib/lessons";
import type { ConceptId, Scenario } from "@/lib/lessons/types";
import { refuse, succeed, type Outcome } from "@/lib/server/problem";
import type { LessonStepView } from "@/lib/trace/lesson-steps";
import { LESSON_LANGS, type LessonLang } from "./lesson-messages";

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

/** `?lang=`: `en` (the default) or `zh`; anything else is a 400 naming `lang`. */
export function readLessonLang(query: URLSearchParams): Outcome<LessonLang> {
  const lang = query.get("lang") ?? "en";
  if (!(LESSON_LANGS as readonly string[]).includes(lang))
    return refuse(400, `lang must be one of ${LESSON_LANGS.join(", ")}; got "${lang}".`, "lang");
  return succeed(lang as LessonLang);
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
export function listScenarioSummaries(query: URLSearchParams): Outcome<{ scenarios: ScenarioSummary[] }> {
  const lang = readLessonLang(query);
  if (!lang.ok) return lang;
  return succeed({ scenarios: listScenarios().map((scenario) => summarizeScenario(scenario, lang.value)) });
}

/** `GET /api/scenarios/:id?lang=`: one lesson with its steps (target, match, text); 404 when unknown. */
export function getScenarioDetail(id: string, query: URLSearchParams): Outcome<ScenarioDetail> {
  const lang = readLessonLang(query);
  if (!lang.ok) return lang;
  const scenario = findScenario(id);
  if (!scenario) return refuse(404, `No scenario with id ${id}.`);
  return succeed({
    ...summarizeScenario(scenario, lang.value),
    steps: scenario.steps.map((step) => ({
      target: step.target,
      match: structuredClone(step.match),
      text: step.text[lang.value],
    })),
  });
}
