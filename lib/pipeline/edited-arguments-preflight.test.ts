/**
 * A person's "edit" decision does not skip preflight: the edited arguments go through validate
 * and preflight again, so an edit to `../../etc/passwd` is `blocked_by_policy` by path
 * confinement (nothing runs), not an `execution_error` from the tool; a rule's rewrite applies
 * to them too, and a rule that asks for approval is not asked again.
 */
import { describe, expect, it } from "vitest";
import { runStatelessPipeline } from "@/lib/agent/stateless-pipeline";

type Answer = {
  calls: { stages: { stage: string; status: string }[]; result: { isError: boolean; errorKind?: string } }[];
};

const ASK = { id: "ask", stage: "preflight", tool: "read_file", action: "require-approval", reason: "check" };

async function runEdited(args: Record<string, unknown>, extraRules: unknown[] = []): Promise<Answer> {
  const outcome = await runStatelessPipeline(
    {
      calls: [{ id: "c1", name: "read_file", arguments: { path: "notes/todo.md" } }],
      policy: { rules: [ASK, ...extraRules] } as never,
      decisions: { c1: { decision: "edit", arguments: args } },
    },
    () => [],
  );
  if (!outcome.ok) throw new Error(outcome.problem.error);
  return outcome.value as Answer;
}

describe("an edited call", () => {
  it("is blocked by path confinement when the edit escapes the workspace", async () => {
    const { calls } = await runEdited({ path: "../../etc/passwd" });
    expect(calls[0]!.result).toMatchObject({ isError: true, errorKind: "blocked_by_policy" });
    const stages = calls[0]!.stages.map((s) => `${s.stage}:${s.status}`);
    expect(stages).toContain("approval:blocked");
    expect(stages).not.toContain("execute:ok");
    expect(stages).not.toContain("execute:error");
  });

  it("is blocked by a policy rule that matches the edited arguments", async () => {
    const block = {
      id: "no-secrets",
      stage: "preflight",
      tool: "read_file",
      action: "block",
      reason: "secrets are off limits",
      when: [{ pointer: "/path", regex: "secret" }],
    };
    const { calls } = await runEdited({ path: "notes/secret.md" }, [block]);
    expect(calls[0]!.result).toMatchObject({ isError: true, errorKind: "blocked_by_policy" });
  });

  it("is rewritten by a matching rewrite rule, then runs without asking again", async () => {
    const redirect = {
      id: "redirect",
      stage: "preflight",
      tool: "read_file",
      action: "rewrite",
      when: [{ pointer: "/path", equals: "notes/moved.md" }],
      arguments: { path: "README.md" },
    };
    const { calls } = await runEdited({ path: "notes/moved.md" }, [redirect]);
    expect(calls[0]!.result.isError).toBe(false);
    expect(calls[0]!.stages.filter((s) => s.stage === "approval").map((s) => s.status)).toEqual(["ok"]);
  });
});
