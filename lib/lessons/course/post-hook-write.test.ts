import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectWorkspace } from "@/lib/trace/workspace";
import { postHookWriteLesson, TODO_DONE } from "./post-hook-write";

describe("lesson post-hook-write: a post rule marks a successful write as an error", () => {
  it(
    "writes the file, then reports an error the model believes; the workspace keeps the write",
    { timeout: 30_000 },
    async () => {
      const { events } = await runLesson("post-hook-write");

      const changes = only(events, "workspace.changed");
      expect(changes.map((e) => e.change)).toEqual([
        { type: "write", path: "notes/todo.md", content: TODO_DONE },
      ]);
      const stages = only(events, "tool.stage").filter((e) => e.status !== "running");
      expect(stages.map((e) => `${e.stage} ${e.status}: ${e.output}`)).toEqual([
        "lookup ok: built-in write_file",
        `prepare ok: ${JSON.stringify({ path: "notes/todo.md", content: TODO_DONE })}`,
        "validate ok: valid",
        "preflight ok: workspace-confinement: ok (path); rule allow-workspace-writes matched: allow; default approval: skipped, rule allow-workspace-writes allowed the call",
        "approval skipped: not required",
        "execute ok: ok: Wrote 107 characters to notes/todo.md.",
        "progress skipped: no progress reported",
        "post ok: rule todo-writes-need-review: set-error",
        "normalize ok: 38 chars, execution_error",
      ]);
      const [result] = only(events, "tool.result");
      expect(result).toMatchObject({
        name: "write_file",
        content: "Wrote 107 characters to notes/todo.md.",
        isError: true,
        errorKind: "execution_error",
        hint: "The tool ran and failed; read the error before deciding whether to retry.",
      });
      expect(changes[0]!.seq).toBeLessThan(result!.seq);
      const nextRequest = only(events, "request.assembled")[1]!.body as { messages: { content: unknown }[] };
      expect(nextRequest.messages.at(-1)!.content).toEqual([
        {
          type: "tool_result",
          tool_use_id: result!.callId,
          content: "Wrote 107 characters to notes/todo.md.",
          is_error: true,
        },
      ]);
      expect(projectWorkspace(events).files["notes/todo.md"]).toBe(TODO_DONE);
      expect(events.at(-1)).toMatchObject({ kind: "run.finished", reason: "end_turn" });
      expect(locateSteps(events, postHookWriteLesson.steps)).not.toContain(null);
    },
  );
});
