import { describe, expect, it } from "vitest";
import { compileToolGlob, matchToolGlob } from "./glob";

describe("matchToolGlob", () => {
  it("matches every tool with a lone star", () => {
    expect(["read_file", "", "__proto__", "a.b"].map((name) => matchToolGlob("*", name))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it("matches a star against any run, including an empty one", () => {
    expect(matchToolGlob("write_*", "write_file")).toBe(true);
    expect(matchToolGlob("write_*", "write_")).toBe(true);
    expect(matchToolGlob("*_file", "read_file")).toBe(true);
    expect(matchToolGlob("send_*", "charge_card")).toBe(false);
    expect(matchToolGlob("*card*", "charge_card_now")).toBe(true);
  });

  it("matches a question mark against exactly one character", () => {
    expect(matchToolGlob("tool_?", "tool_a")).toBe(true);
    expect(matchToolGlob("tool_?", "tool_")).toBe(false);
    expect(matchToolGlob("tool_?", "tool_ab")).toBe(false);
    expect(matchToolGlob("tool_?", "tool_😀")).toBe(true);
  });

  it("matches the whole name, not a part of it", () => {
    expect(matchToolGlob("read_file", "read_file")).toBe(true);
    expect(matchToolGlob("read_file", "read_files")).toBe(false);
    expect(matchToolGlob("read_file", "xread_file")).toBe(false);
  });

  it("treats regex metacharacters as literal characters", () => {
    expect(matchToolGlob("a.b", "a.b")).toBe(true);
    expect(matchToolGlob("a.b", "axb")).toBe(false);
    expect(matchToolGlob("a+", "aa")).toBe(false);
    expect(matchToolGlob("a+", "a+")).toBe(true);
    expect(matchToolGlob("(x|y)", "x")).toBe(false);
    expect(matchToolGlob("(x|y)", "(x|y)")).toBe(true);
    expect(matchToolGlob("[ab]", "a")).toBe(false);
    expect(matchToolGlob("^$\\{}/-", "^$\\{}/-")).toBe(true);
  });

  it("compiles to an anchored expression", () => {
    expect(compileToolGlob("a*b?.c").source).toBe("^a.*b.\\.c$");
  });
});
