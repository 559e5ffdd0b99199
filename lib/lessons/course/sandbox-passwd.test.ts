import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { sandboxPasswdLesson } from "./sandbox-passwd";

const ABSOLUTE =
  "workspace-confinement: `path` must stay inside the workspace: an absolute path starts outside it. Nothing ran. Use a path like notes/todo.md.";
const PARENT =
  "workspace-confinement: `path` must stay inside the workspace: `..` leaves it. Nothing ran. Use a path like notes/todo.md.";
const HINT = "Do not retry the same call; choose arguments the policy allows, or ask the person.";

describe("lesson sandbox-passwd: a schema-valid read of /etc/passwd is blocked by the sandbox rule", () => {
  it(
    "validates both reads, blocks them in preflight, runs nothing, and finds every step",
    { timeout: 30_000 },
    async () => {
      const { events } = await runLesson("sandbox-passwd");

      const stages = only(events, "tool.stage").filter((e) => e.status !== "running");
      expect(stages.map((e) => `${e.stage} ${e.status}`)).toEqual([
        ...["lookup ok", "prepare ok", "validate ok", "preflight blocked", "normalize ok"],
        ...["lookup ok", "prepare ok", "validate ok", "preflight blocked", "normalize ok"],
      ]);
      expect(stages.filter((e) => e.stage === "preflight").map((e) => e.output)).toEqual([ABSOLUTE, PARENT]);
      expect(
        only(events, "tool.result").map(({ name, content, isError, errorKind, hint }) => ({
          name,
          content,
          isError,
          errorKind,
          hint,
        })),
      ).toEqual([
        {
          name: "read_file",
          content: `Blocked by ${ABSOLUTE}`,
          isError: true,
          errorKind: "blocked_by_policy",
          hint: HINT,
        },
        {
          name: "read_file",
          content: `Blocked by ${PARENT}`,
          isError: true,
          errorKind: "blocked_by_policy",
          hint: HINT,
        },
      ]);
      expect(only(events, "workspace.changed")).toEqual([]);
      expect(
        only(events, "turn.completed").map((e) =>
          e.unified.content.flatMap((b) => (b.type === "toolCall" ? [b.arguments] : [])),
        ),
      ).toEqual([[{ path: "/etc/passwd" }], [{ path: "../../etc/passwd" }], []]);
      expect(events.at(-1)).toMatchObject({ kind: "run.finished", reason: "end_turn", syntheticResults: [] });
      expect(locateSteps(events, sandboxPasswdLesson.steps)).not.toContain(null);
    },
  );
});
