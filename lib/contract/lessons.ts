import { Type, type Static } from "@sinclair/typebox";
import type { StepMatch } from "@/lib/trace/lesson-steps";
import { closed, typed } from "./helpers";

/** `GET /api/scenarios` and `GET /api/scenarios/:id` (docs/api.md, "Scenarios (lessons)"), in one language. */

const summaryFields = {
  id: Type.String({ minLength: 1 }),
  title: Type.String(),
  /** The concept ids it shows (e.g. `id-pairing`). */
  concepts: Type.Array(Type.String()),
  summary: Type.String(),
  /** How many scripted user messages `POST .../messages {}` sends, in all. */
  messages: Type.Integer({ minimum: 0 }),
};

export const ScenarioSummary = Type.Object(summaryFields, closed);
export type ScenarioSummary = Static<typeof ScenarioSummary>;

export const ScenarioList = Type.Object({ scenarios: Type.Array(ScenarioSummary) }, closed);
export type ScenarioList = Static<typeof ScenarioList>;

const StepMatchSchema = typed<StepMatch>(
  Type.Object(
    {
      kind: Type.String({ minLength: 1 }),
      fields: Type.Optional(Type.Object({}, { additionalProperties: true })),
      includes: Type.Optional(Type.Record(Type.String(), Type.String())),
      anyOf: Type.Optional(Type.Record(Type.String(), Type.Array(Type.Unknown()))),
    },
    closed,
  ),
);

/** One guide step: `target` is `event:<kind>`, `node:<stage>` or `block:<type>`; `match` finds its event. */
export const LessonStep = Type.Object(
  { target: Type.String({ minLength: 1 }), match: StepMatchSchema, text: Type.String() },
  closed,
);
export type LessonStep = Static<typeof LessonStep>;

/** The summary plus the guide's steps. */
export const ScenarioDetail = Type.Object({ ...summaryFields, steps: Type.Array(LessonStep) }, closed);
export type ScenarioDetail = Static<typeof ScenarioDetail>;
