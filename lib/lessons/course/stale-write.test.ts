import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { seedWorkspace } from "@/lib/tools/registry";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectWorkspace } from "@/lib/trace/workspace";
import { STALE_ITEM, STALE_PATH, TEAM_TODO, staleWriteLesson } from "./stale-write";

describe("lesson stale-write: a write after an unseen change is blocked until the model reads again", () => {
  it.each(["en", "zh"] as const)(
    "blocks the stale write, then keeps both changes (%s)",
    { timeout: 30_000 },
    async (lang) => {
      const { events } = await runLesson("stale-write", { lang });
      const seed = seedWorkspace()[STALE_PATH]!;

      const calls = only(events, "turn.completed").flatMap((e) =>
        e.unified.content.flatMap((b) =>
          b.type === "toolCall" ? [{ id: b.id, name: b.name, arguments: b.arguments }] : [],
        ),
      );
      expect(calls.map((c) => c.name)).toEqual([
        "read_file",
        "sync_team_todo",
        "write_file",
        "read_file",
        "write_file",
      ]);
      const [, sync, staleWrite, , freshWrite] = calls;
      // The sync call names no file; its path and text come from the preflight rewrite.
      expect(sync!.arguments).toEqual({});
      expect(staleWrite!.arguments).toEqual({ path: STALE_PATH, content: seed + STALE_ITEM });
      expect(freshWrite!.arguments).toEqual({ path: STALE_PATH, content: TEAM_TODO + STALE_ITEM });

      const changes = only(events, "workspace.changed");
      expect(changes.map((e) => [e.callId, e.change])).toEqual([
        [sync!.id, { type: "write", path: STALE_PATH, content: TEAM_TODO }],
        [freshWrite!.id, { type: "write", path: STALE_PATH, content: TEAM_TODO + STALE_ITEM }],
      ]);

      const reason = `\`${STALE_PATH}\` changed since you last read it (by call ${sync!.id}). Nothing ran. Read it again, then write.`;
      const preflight = only(events, "tool.stage").filter(
        (e) =>
          e.stage === "preflight" &&
          e.status !== "running" &&
          (e.callId === staleWrite!.id || e.callId === freshWrite!.id),
      );
      expect(preflight.map((e) => [e.callId, e.status])).toEqual([
        [staleWrite!.id, "blocked"],
        [freshWrite!.id, "ok"],
      ]);
      expect(preflight[0]!.output).toBe(`stale-file-check: ${reason}`);
      const blocked = only(events, "tool.result").find((e) => e.callId === staleWrite!.id)!;
      expect(blocked).toMatchObject({
        isError: true,
        errorKind: "blocked_by_policy",
        content: `Blocked by stale-file-check: ${reason}`,
      });
      expect(projectWorkspace(events).files[STALE_PATH]).toBe(TEAM_TODO + STALE_ITEM);

      const firstRead = only(events, "tool.result").find((e) => e.name === "read_file")!;
      expect(locateSteps(events, staleWriteLesson.steps)).toEqual([
        firstRead.seq,
        changes[0]!.seq,
        preflight[0]!.seq,
        blocked.seq,
        changes[1]!.seq,
      ]);
      expect(events.at(-1)).toMatchObject({ kind: "run.finished", reason: "end_turn", syntheticResults: [] });
    },
  );
});
