import { describe, expect, it } from "vitest";
import { filterLessons } from "./filter-lessons";
import type { LessonSummary } from "./use-lessons";

const lesson = (id: string, title: string, concepts: string[]): LessonSummary => ({
  id,
  title,
  summary: `About ${title}`,
  concepts,
  messages: 1,
});

const LESSONS = [
  lesson("first", "A first tool call", ["id-pairing", "stop-reason"]),
  lesson("billing", "The billing batch", ["batch-all-or-nothing"]),
];
const NAMES: Record<string, string> = { "id-pairing": "配对 id", "stop-reason": "停止原因" };
const nameOf = (concept: string) => NAMES[concept] ?? concept;

describe("filterLessons", () => {
  it("keeps every lesson for a blank query", () => {
    expect(filterLessons(LESSONS, "  ", nameOf).map((l) => l.id)).toEqual(["first", "billing"]);
  });

  it("matches titles, concept ids and concept names, every word, ignoring case", () => {
    expect(filterLessons(LESSONS, "BILLING", nameOf).map((l) => l.id)).toEqual(["billing"]);
    expect(filterLessons(LESSONS, "pairing first", nameOf).map((l) => l.id)).toEqual(["first"]);
    expect(filterLessons(LESSONS, "停止", nameOf).map((l) => l.id)).toEqual(["first"]);
    expect(filterLessons(LESSONS, "first billing", nameOf)).toEqual([]);
  });
});
