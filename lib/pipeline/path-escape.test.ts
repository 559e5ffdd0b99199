/**
 * Every path argument of every built-in tool, against every escape trick, through the real
 * pipeline: each call is blocked at preflight by workspace confinement, nothing runs, and the
 * workspace is what it was. Also the two ways arguments change after preflight (a rewrite rule,
 * a person's edit), and each file tool's own check, which stands even if preflight were skipped.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listBuiltinTools, seedWorkspace } from "@/lib/tools/registry";
import { createToolSession } from "@/lib/tools/testing/create-tool-session";
import { runPipeline, toolCall } from "./testing/pipeline-harness";
import { listPathArgumentCases, PATH_ATTACKS } from "./testing/path-attacks";

const cases = listPathArgumentCases(listBuiltinTools().map((tool) => tool.definition));

describe("path arguments of the built-in tools", () => {
  it("are found by the confinement rule's own naming test", () => {
    expect(cases.map(({ tool, argument }) => `${tool}.${argument}`)).toEqual([
      "read_file.path",
      "list_dir.path",
      "write_file.path",
    ]);
  });

  it("touch no real filesystem, process or network: the workspace is data, so no symlink can exist", () => {
    const dir = path.join(process.cwd(), "lib", "tools");
    const sources = fs.readdirSync(dir).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
    const offenders = sources.filter((name) =>
      /from\s+["'](node:)?(fs|fs\/promises|child_process|net|http|https|dgram|worker_threads)["']/.test(
        fs.readFileSync(path.join(dir, name), "utf8"),
      ),
    );
    expect(sources.length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });
});

describe.each(cases.map((c) => [`${c.tool}.${c.argument}`, c] as const))(
  "%s through the pipeline",
  (_label, { tool, argument, buildArguments }) => {
    it.each(PATH_ATTACKS)("blocks %s at preflight, runs nothing, changes nothing", async (_name, attack) => {
      for (const args of [buildArguments(attack), JSON.stringify(buildArguments(attack))]) {
        const run = await runPipeline([toolCall("call_1", tool, args)]);
        expect(run.stages("call_1").slice(0, 4)).toEqual([
          "lookup:ok",
          "prepare:ok",
          "validate:ok",
          "preflight:blocked",
        ]);
        expect(run.stages("call_1")).not.toContain("execute:ok");
        expect(run.result("call_1")).toMatchObject({ isError: true, errorKind: "blocked_by_policy" });
        expect(run.result("call_1").content).toMatch(
          new RegExp(`^Blocked by workspace-confinement: \`${argument}\` must stay inside the workspace: `),
        );
        expect(run.only("workspace.changed")).toEqual([]);
        expect(run.workspace.files).toEqual(seedWorkspace());
      }
    });
  },
);

describe("arguments that change after the first check", () => {
  it("blocks a preflight rewrite that points outside", async () => {
    const run = await runPipeline([toolCall("call_1", "read_file", { path: "notes/todo.md" })], {
      policy: {
        rules: [
          {
            id: "r",
            stage: "preflight",
            tool: "read_file",
            action: "rewrite",
            arguments: { path: "../../etc/passwd" },
          },
        ],
      },
    });
    expect(run.result("call_1")).toMatchObject({ isError: true, errorKind: "blocked_by_policy" });
    expect(run.stages("call_1")).not.toContain("execute:ok");
  });

  it.each(PATH_ATTACKS)(
    "writes nothing when a person edits write_file's path to %s",
    async (_name, attack) => {
      const run = await runPipeline(
        [toolCall("call_1", "write_file", { path: "notes/ok.md", content: "x" })],
        {
          policy: {
            rules: [{ id: "ask", stage: "preflight", tool: "write_file", action: "require-approval" }],
          },
          decisions: { call_1: { decision: "edit", arguments: { path: attack, content: "pwned" } } },
        },
      );
      expect(run.result("call_1").isError).toBe(true);
      expect(run.only("workspace.changed")).toEqual([]);
      expect(run.workspace.files).toEqual(seedWorkspace());
    },
  );
});

describe("each file tool's own check (defence in depth: called without the pipeline)", () => {
  const tools = listBuiltinTools().filter(({ definition }) => cases.some((c) => c.tool === definition.name));

  it.each(PATH_ATTACKS)("refuses %s in every file tool", async (_name, attack) => {
    for (const tool of tools) {
      const session = createToolSession({ files: seedWorkspace() });
      const args = cases.find((c) => c.tool === tool.definition.name)!.buildArguments(attack);
      const output = await session.run(tool, args);
      expect([tool.definition.name, output.isError]).toEqual([tool.definition.name, true]);
      expect(session.changes).toEqual([]);
    }
  });
});
