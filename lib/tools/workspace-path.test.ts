import { describe, expect, it } from "vitest";
import { hasFile, type PathRefusal, resolveWorkspacePath } from "./workspace-path";

describe("resolveWorkspacePath", () => {
  it("accepts workspace-relative paths and normalizes them", () => {
    const cases: [string, string][] = [
      ["notes/todo.md", "notes/todo.md"],
      ["./notes/todo.md", "notes/todo.md"],
      ["notes/", "notes"],
      ["notes//./todo.md", "notes/todo.md"],
      [".", ""],
      ["", ""],
      ["...", "..."],
      ["notes/..todo.md", "notes/..todo.md"],
      ["notes%20a.md", "notes%20a.md"],
      ["notes/~draft.md", "notes/~draft.md"],
      ["données/été.md", "données/été.md"],
    ];
    for (const [raw, path] of cases) expect(resolveWorkspacePath(raw)).toEqual({ ok: true, path });
  });

  it("refuses each escape with the rule that caught it", () => {
    const cases: [unknown, PathRefusal][] = [
      ["..", "parent"],
      ["../secret", "parent"],
      ["notes/../../x", "parent"],
      ["notes/../x", "parent"],
      ["notes/..", "parent"],
      ["/etc/passwd", "absolute"],
      ["//server/share", "absolute"],
      ["~/.ssh/id_rsa", "home"],
      ["~root", "home"],
      ["C:/Windows", "drive"],
      ["c:secret", "drive"],
      ["notes\\..\\x", "backslash"],
      ["notes\\todo.md", "backslash"],
      ["notes/todo.md\0.png", "nul"],
      ["notes/\ntodo.md", "control"],
      ["%2e%2e/secret", "encoded"],
      ["%2E%2E%2Fsecret", "encoded"],
      ["notes%2f..%2fx", "encoded"],
      ["..%5cx", "encoded"],
      ["%252e%252e/x", "encoded"],
      ["notes/%2etodo", "encoded"],
      ["%7e/x", "encoded"],
      ["C%3a/x", "encoded"],
      ["notes/%00", "encoded"],
      ["%c0%ae%c0%ae/x", "malformed-escape"],
      ["100%.md", "malformed-escape"],
      ["．．/secret", "lookalike"],
      ["notes／..／x", "lookalike"],
      [42, "not-string"],
      [null, "not-string"],
    ];
    for (const [raw, refusal] of cases) {
      const result = resolveWorkspacePath(raw);
      expect([raw, result.ok ? "ok" : result.refusal]).toEqual([raw, refusal]);
    }
  });

  it("says why, in words a model can act on", () => {
    expect(resolveWorkspacePath("../x")).toEqual({
      ok: false,
      refusal: "parent",
      reason: "path escapes the workspace (..)",
    });
    expect(resolveWorkspacePath("a\\b")).toEqual({
      ok: false,
      refusal: "backslash",
      reason: "path contains a backslash; use / between folders",
    });
  });
});

describe("hasFile", () => {
  it("looks at own keys only", () => {
    const files = { "notes/todo.md": "x" };
    expect(hasFile(files, "notes/todo.md")).toBe(true);
    expect(hasFile(files, "__proto__")).toBe(false);
    expect(hasFile(files, "constructor")).toBe(false);
  });
});
