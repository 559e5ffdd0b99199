import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { seedWorkspace } from "@/lib/tools/registry";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectWorkspace } from "@/lib/trace/workspace";
import { preflightRewriteLesson, README_DRAFT } from "./preflight-rewrite";

describe("lesson preflight-rewrite: a preflight rule rewrites the path, and the new arguments are validated again", () => {
  it("writes drafts/README.md instead of README.md and tells the model so", { timeout: 30_000 }, async () => {
    const { events } = await runLesson("preflight-rewrite");

    const stages = only(events, "tool.stage");
    expect(stages.find((e) => e.stage === "preflight" && e.status === "ok")?.output).toBe(
      "workspace-confinement: ok (path); rule readme-to-drafts matched: rewrite; workspace-confinement: ok (path); rule allow-workspace-writes matched: allow; default approval: skipped, rule allow-workspace-writes allowed the call",
    );
    const validations = stages.filter((e) => e.stage === "validate");
    expect(
      validations.map((e) => `${e.status} ${e.status === "running" ? JSON.parse(e.input!).path : e.output}`),
    ).toEqual([
      "running README.md",
      "ok valid",
      "running drafts/README.md",
      "ok valid after rewrite by readme-to-drafts",
    ]);
    expect(stages.find((e) => e.stage === "execute" && e.status === "running")?.input).toBe(
      JSON.stringify({ path: "drafts/README.md", content: README_DRAFT }),
    );
    expect(only(events, "workspace.changed").map((e) => e.change)).toEqual([
      { type: "write", path: "drafts/README.md", content: README_DRAFT },
    ]);
    const workspace = projectWorkspace(events);
    expect(workspace.files["README.md"]).toBe(seedWorkspace()["README.md"]);
    expect(workspace.files["drafts/README.md"]).toBe(README_DRAFT);
    expect(only(events, "tool.result").map(({ content, isError }) => ({ content, isError }))).toEqual([
      { content: "Wrote 126 characters to drafts/README.md.", isError: false },
    ]);
    expect(events.at(-1)).toMatchObject({ kind: "run.finished", reason: "end_turn" });
    expect(locateSteps(events, preflightRewriteLesson.steps)).not.toContain(null);
  });
});
