import { describe, expect, it } from "vitest";
import type { PolicyRule } from "@/lib/trace/config";
import { matchRule } from "./conditions";

const rule = (when: PolicyRule["when"], tool = "*"): PolicyRule => ({
  id: "r1",
  stage: "preflight",
  tool,
  action: "block",
  ...(when ? { when } : {}),
});

describe("matchRule", () => {
  it("matches by tool glob when there are no conditions", () => {
    expect(matchRule(rule(undefined, "write_*"), "write_file", {})).toEqual({ matches: true });
    expect(matchRule(rule(undefined, "write_*"), "read_file", {})).toEqual({ matches: false });
  });

  it("matches `equals` by deep equality, null included", () => {
    const args = { mode: "overwrite", options: { force: true, tags: ["a"] }, extra: null };
    expect(matchRule(rule([{ pointer: "/mode", equals: "overwrite" }]), "t", args).matches).toBe(true);
    expect(matchRule(rule([{ pointer: "/mode", equals: "append" }]), "t", args).matches).toBe(false);
    expect(
      matchRule(rule([{ pointer: "/options", equals: { tags: ["a"], force: true } }]), "t", args).matches,
    ).toBe(true);
    expect(matchRule(rule([{ pointer: "/extra", equals: null }]), "t", args).matches).toBe(true);
    expect(matchRule(rule([{ pointer: "/missing", equals: null }]), "t", args).matches).toBe(false);
  });

  it("matches `regex` against string values only", () => {
    const args = { path: "etc/hosts", count: 3 };
    expect(matchRule(rule([{ pointer: "/path", regex: "^etc/" }]), "t", args).matches).toBe(true);
    expect(matchRule(rule([{ pointer: "/path", regex: "^notes/" }]), "t", args).matches).toBe(false);
    expect(matchRule(rule([{ pointer: "/count", regex: "3" }]), "t", args).matches).toBe(false);
  });

  it("does not match, and says so, when a regex is invalid", () => {
    expect(matchRule(rule([{ pointer: "/path", regex: "([" }]), "t", { path: "x" })).toEqual({
      matches: false,
      note: "rule r1: invalid regex `([`, skipped",
    });
  });

  it("does not match, and says so, when a pointer is malformed", () => {
    expect(matchRule(rule([{ pointer: "path", equals: "x" }]), "t", { path: "x" })).toEqual({
      matches: false,
      note: "rule r1: invalid JSON pointer `path`, skipped",
    });
  });

  it("matches `outsideWorkspace` by the workspace path rule", () => {
    const outside = rule([{ pointer: "/target", outsideWorkspace: true }]);
    const inside = rule([{ pointer: "/target", outsideWorkspace: false }]);
    expect(matchRule(outside, "t", { target: "../x" }).matches).toBe(true);
    expect(matchRule(outside, "t", { target: "notes/todo.md" }).matches).toBe(false);
    expect(matchRule(outside, "t", { target: 7 }).matches).toBe(false);
    expect(matchRule(inside, "t", { target: "notes/todo.md" }).matches).toBe(true);
    expect(matchRule(inside, "t", { target: "/etc" }).matches).toBe(false);
  });

  it("requires every condition to hold", () => {
    const both = rule([
      { pointer: "/path", regex: "\\.md$" },
      { pointer: "/mode", equals: "overwrite" },
    ]);
    expect(matchRule(both, "t", { path: "a.md", mode: "overwrite" }).matches).toBe(true);
    expect(matchRule(both, "t", { path: "a.md", mode: "append" }).matches).toBe(false);
  });

  it("treats a condition with no test as an existence check", () => {
    expect(matchRule(rule([{ pointer: "/force" }]), "t", { force: false }).matches).toBe(true);
    expect(matchRule(rule([{ pointer: "/force" }]), "t", {}).matches).toBe(false);
  });
});
