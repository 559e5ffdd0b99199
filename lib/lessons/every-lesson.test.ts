/**
 * Every lesson in `LESSONS`: well-formed in both languages, and run to its end through
 * the API's own functions, with every step found in the log and a transcript the pairing doctor
 * accepts. The Chinese run must find its steps at the same events (same kind, turn, stage,
 * outcome): scripts branch on turns and results, never on the user's words.
 */
import { describe, expect, it } from "vitest";
import { resolveLessonTools } from "@/lib/agent/lesson-session";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { STAGES, type TraceEvent } from "@/lib/trace/events";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { deriveRunState } from "@/lib/trace/status";
import { projectTranscript } from "@/lib/trace/transcript";
import { LESSONS } from "./course";
import { runLesson } from "./testing/run-lesson";
import { CONCEPTS, type Localized } from "./types";

const HAN = /\p{Script=Han}/u;

/** Both texts are there, and the Chinese one is Chinese. */
function expectBothLanguages(text: Localized, where: string): void {
  expect(text.en.trim(), `${where} (en)`).not.toBe("");
  expect(HAN.test(text.zh), `${where} (zh) has Chinese text`).toBe(true);
}

/**
 * What identifies where a step landed, apart from counts that depend on the language (the model
 * may answer in the user's language, in more or fewer text deltas): the event's kind and the
 * fields that say what happened there.
 */
function describeLanding(events: readonly TraceEvent[], seq: number | null): unknown {
  const event = events.find((candidate) => candidate.seq === seq);
  if (!event) return null;
  const record = event as unknown as Record<string, unknown>;
  const keys = [
    "kind",
    "turn",
    "stage",
    "status",
    "name",
    "isError",
    "errorKind",
    "event",
    "format",
    "reason",
  ];
  return Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}

/** The errors (not warnings) `checkTranscript` finds in the log's transcript. */
function readTranscriptErrors(events: readonly TraceEvent[]) {
  const messages = projectTranscript(events).messages.map(({ role, content }) => ({ role, content }));
  return checkTranscript(messages).filter((problem) => problem.severity === "error");
}

describe("the lesson list", () => {
  it("has unique kebab-case ids", () => {
    const ids = LESSONS.map((lesson) => lesson.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("covers all 33 concepts of the course", () => {
    const covered = new Set(LESSONS.flatMap((lesson) => lesson.concepts));
    expect(CONCEPTS.filter((concept) => !covered.has(concept))).toEqual([]);
  });
});

describe.each(LESSONS.map((lesson) => [lesson.id, lesson] as const))("lesson %s", (id, lesson) => {
  it("is written in English and Chinese, with known concepts, tools and targets", () => {
    expectBothLanguages(lesson.title, "title");
    expectBothLanguages(lesson.summary, "summary");
    expect(lesson.concepts.length).toBeGreaterThan(0);
    expect(lesson.concepts.filter((concept) => !(CONCEPTS as readonly string[]).includes(concept))).toEqual(
      [],
    );
    expect(new Set(lesson.concepts).size).toBe(lesson.concepts.length);
    expect(resolveLessonTools(lesson.tools).ok).toBe(true);
    expect(lesson.messages.length).toBeGreaterThan(0);
    lesson.messages.forEach((message, index) => expectBothLanguages(message.text, `message ${index}`));
    expect(lesson.steps.length).toBeGreaterThan(0);
    lesson.steps.forEach((step, index) => {
      expectBothLanguages(step.text, `step ${index}`);
      const [kind, name] = step.target.split(":");
      expect(["event", "node", "block"], `step ${index} target ${step.target}`).toContain(kind);
      if (kind === "event") expect(name, `step ${index}: event target and match`).toBe(step.match.kind);
      if (kind === "node") expect(STAGES as readonly string[], `step ${index} stage`).toContain(name);
    });
  });

  it("runs to its end in both languages, every step found at the same events, the transcript valid", async () => {
    const english = await runLesson(id);
    const chinese = await runLesson(id, { lang: "zh" });
    const seqs = locateSteps(english.events, lesson.steps);
    expect(seqs.map((seq, index) => (seq === null ? `step ${index} not found` : "found"))).toEqual(
      lesson.steps.map(() => "found"),
    );
    const landings = seqs.map((seq) => describeLanding(english.events, seq));
    const chineseSeqs = locateSteps(chinese.events, lesson.steps);
    expect(chineseSeqs.map((seq) => describeLanding(chinese.events, seq))).toEqual(landings);
    for (const run of [english, chinese]) {
      expect(run.afterEachMessage).toHaveLength(lesson.messages.length);
      expect(deriveRunState(run.events).liveRunId).toBeNull();
      expect(readTranscriptErrors(run.events)).toEqual([]);
    }
  });
});
