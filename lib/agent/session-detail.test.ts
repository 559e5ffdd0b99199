import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findScenario } from "@/lib/lessons";
import { startMessageRun } from "./runs";
import { getSessionDetail, readLessonProgress } from "./session-detail";
import { createSession } from "./sessions";
import { openTestRuntime, type TestRuntime } from "./testing/offline-runtime";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-session-detail-");
});
afterEach(() => test.close());

/** The `lesson` of `GET /api/sessions/:id`, or throws. */
function readLesson(id: string) {
  const detail = getSessionDetail(test.runtime, id);
  if (!detail.ok) throw new Error(detail.problem.error);
  return detail.value.session.lesson;
}

/** Sends the lesson's next scripted message and waits for its run to end. */
async function sendScripted(id: string) {
  const started = startMessageRun(test.runtime, id, undefined);
  if (!started.ok) throw new Error(started.problem.error);
  await test.runtime.runs.get(id)?.done;
}

describe("GET /api/sessions/:id session.lesson", () => {
  it("is null in a session without a lesson", async () => {
    const id = test.create({ kind: "offline" });
    await test.send(id, "What is in notes/todo.md?");
    expect(readLesson(id)).toBeNull();
  });

  it("counts the scripted messages sent, not the ones a person typed", async () => {
    const created = createSession(test.runtime, { scenario: "three-wire-formats" });
    if (!created.ok) throw new Error(created.problem.error);
    const { id } = created.value;
    const total = findScenario("three-wire-formats")!.messages.length;
    expect(readLesson(id)).toEqual({ sent: 0, total });
    await sendScripted(id);
    expect(readLesson(id)).toEqual({ sent: 1, total });
    await test.send(id, "What is in notes/ideas.md?");
    expect(readLesson(id)).toEqual({ sent: 1, total });
    await sendScripted(id);
    expect(readLesson(id)).toEqual({ sent: 2, total });
  });

  it("is null for a lesson that no longer exists", () => {
    expect(readLessonProgress("no-such-lesson", [])).toBeNull();
    expect(readLessonProgress(null, [])).toBeNull();
  });
});
