/**
 * Every pattern a person or a file supplies runs on the linear-time engine: a catastrophic
 * pattern completes (on RE2, as the spy shows) instead of backtracking, and one that RE2 cannot
 * run is refused with the reason, never handed to the backtracking engine.
 */
import { RE2JS } from "re2js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { matchRule } from "@/lib/pipeline/policy/conditions";
import { applyPostRules } from "@/lib/pipeline/policy/post";
import { compileLinearRegex } from "./linear-regex";
import { validateInput } from "./validate";

/** Long enough to stall a backtracking engine noticeably, short enough that the old code ends. */
const EVIL_INPUT = `${"a".repeat(24)}!`;

afterEach(() => vi.restoreAllMocks());

function spyOnRe2(): ReturnType<typeof vi.spyOn> {
  return vi.spyOn(RE2JS.prototype, "test");
}

describe("compileLinearRegex", () => {
  it("runs a catastrophic pattern on RE2", () => {
    const compiled = compileLinearRegex("^(a+)+$");
    if (!compiled.ok) throw new Error(compiled.error);
    const spy = spyOnRe2();
    expect(compiled.regex.test(`${"a".repeat(5000)}!`)).toBe(false);
    expect(compiled.regex.test("aaaa")).toBe(true);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it.each([
    ["(a)\\1", "backreferences"],
    ["(?<n>a)\\k<n>", "backreferences"],
    ["(?=a)b", "lookarounds"],
    ["(?!a)b", "lookarounds"],
    ["(?<=a)b", "lookarounds"],
    ["(?<!a)b", "lookarounds"],
    ["a{2,1001}", "invalid repeat count"],
  ])("refuses %s (%s)", (source, why) => {
    const compiled = compileLinearRegex(source);
    expect(compiled).toMatchObject({ ok: false, reason: "unsupported" });
    expect(!compiled.ok && compiled.error).toContain(why);
  });

  it("tells a pattern that is no regex at all from one RE2 cannot run", () => {
    expect(compileLinearRegex("(")).toMatchObject({ ok: false, reason: "syntax" });
    expect(compileLinearRegex("\\-", { unicode: true })).toMatchObject({ ok: false, reason: "syntax" });
    expect(compileLinearRegex("\\\\1").ok).toBe(true); // a backslash, then 1
  });

  it("reads ECMAScript syntax: \\u escapes, named groups, [^], slashes", () => {
    for (const [source, text] of [
      ["^\\u00e9$", "é"],
      ["(?<year>\\d{4})", "in 2024"],
      ["a[^]b", "a\nb"],
      ["a/b", "a/b"],
    ] as const) {
      const compiled = compileLinearRegex(source);
      expect(compiled.ok && compiled.regex.test(text)).toBe(true);
    }
  });

  it("replaces non-empty matches only, at UTF-16 offsets", () => {
    const word = compileLinearRegex("[😀é]+");
    const empty = compileLinearRegex("x*");
    if (!word.ok || !empty.ok) throw new Error("does not compile");
    expect(word.regex.replaceAll("a😀béé!", () => "#")).toBe("a#b#!");
    expect(empty.regex.replaceAll("axxb", (m) => `<${m}>`)).toBe("a<xx>b");
  });
});

describe("the places user patterns run", () => {
  it("JSON Schema `pattern` and `patternProperties` go through RE2 in ajv", () => {
    const spy = spyOnRe2();
    const schema = {
      type: "object",
      properties: { name: { type: "string", pattern: "^(a+)+$" } },
      patternProperties: { "^(b+)+$": { type: "integer" } },
    };
    const verdict = validateInput(schema, { name: EVIL_INPUT, [`${"b".repeat(24)}!`]: "x" });
    expect(verdict.valid).toBe(false);
    expect(verdict.errors.map((error) => error.keyword)).toEqual(["pattern"]);
    expect(spy).toHaveBeenCalledWith(EVIL_INPUT);
  });

  it("a schema whose pattern RE2 refuses does not compile", () => {
    const verdict = validateInput({ type: "string", pattern: "(a)\\1" }, "aa");
    expect(verdict.valid).toBe(false);
    expect(verdict.errors[0]).toMatchObject({ keyword: "schema" });
    expect(verdict.errors[0]?.message).toContain("backreferences");
  });

  it("policy `when.regex` goes through RE2, and a refused one skips the rule with a note", () => {
    const spy = spyOnRe2();
    const rule = {
      id: "r1",
      stage: "preflight" as const,
      tool: "*",
      action: "block",
      when: [{ pointer: "/path", regex: "^(a+)+$" }],
    };
    expect(matchRule(rule, "read_file", { path: EVIL_INPUT })).toEqual({ matches: false });
    expect(spy).toHaveBeenCalledWith(EVIL_INPUT);
    const refused = { ...rule, when: [{ pointer: "/path", regex: "(?=a)" }] };
    expect(matchRule(refused, "read_file", { path: "a" }).note).toContain("lookarounds");
  });

  it("`policy.redact` and a post rule's redact pattern go through RE2", () => {
    const spy = spyOnRe2();
    const outcome = applyPostRules({
      call: { id: "c1", name: "read_file", arguments: {} },
      tool: { name: "read_file", input_schema: { type: "object" } },
      content: `${EVIL_INPUT} secret-42`,
      isError: false,
      policy: {
        redact: ["^(\\w+\\s?)+!$", "secret-\\d+"],
        rules: [{ id: "p", stage: "post", tool: "*", action: "redact", arguments: { pattern: "(a|aa)+!" } }],
      },
    });
    expect(outcome.content).toBe("[REDACTED] [REDACTED]");
    expect(spy).toHaveBeenCalled();
  });
});
