import { describe, expect, it } from "vitest";
import type { PolicyConfig, PolicyRule } from "@/lib/trace/config";
import { applyPostRules } from "./post";
import { READ_FILE } from "./testing/policy-tools";

function post(
  content: string,
  policy: PolicyConfig = {},
  isError = false,
  args: Record<string, unknown> = {},
) {
  return applyPostRules({
    call: { id: "c1", name: "read_file", arguments: args },
    tool: READ_FILE,
    policy,
    content,
    isError,
  });
}

const rule = (id: string, action: string, extra: Partial<PolicyRule> = {}): PolicyRule => ({
  id,
  stage: "post",
  tool: "*",
  action,
  ...extra,
});

describe("post: redaction", () => {
  const secrets: [string, string][] = [
    ["an Anthropic key", "sk-ant-api03-abcdefghijklmnop"],
    ["an OpenAI key", "sk-abcdefghijklmnopqrstuvwx"],
    ["an OpenAI project key", "sk-proj-abcdefghijklmnopqrstuvwx"],
    ["an AWS access key", "AKIAABCDEFGHIJKLMNOP"],
    ["a bearer token", "Bearer abcdefghijklmnopqrstuvwxyz"],
    ["a PEM private key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----"],
  ];
  for (const [name, secret] of secrets)
    it(`redacts ${name}`, () => {
      expect(post(`token: ${secret} end`)).toEqual({
        content: "token: [REDACTED] end",
        isError: false,
        terminate: false,
        applied: ["redacted 1 secret"],
      });
    });

  it("redacts the session's extra regexes, counts every match, and skips an invalid one", () => {
    expect(post("id=EMP-123 and EMP-456", { redact: ["EMP-\\d+", "("] })).toEqual({
      content: "id=[REDACTED] and [REDACTED]",
      isError: false,
      terminate: false,
      applied: ["redact pattern `(` is not a valid regex, skipped", "redacted 2 secrets"],
    });
  });

  it("leaves clean content alone, ignoring empty matches, and says nothing", () => {
    expect(post("just words", { redact: ["q*"] })).toEqual({
      content: "just words",
      isError: false,
      terminate: false,
      applied: [],
    });
  });
});

describe("post: truncation", () => {
  it("cuts to maxResultChars (default 8,000) with a marker that says how much was cut", () => {
    const outcome = post("a".repeat(12000));
    expect(outcome.content).toBe(
      `${"a".repeat(8000)}\n[… 4,000 more characters cut by the harness (maxResultChars 8,000)]`,
    );
    expect(outcome.applied).toEqual(["truncated 12,000 → 8,000 characters (maxResultChars)"]);
  });

  it("leaves content at the budget untouched", () => {
    expect(post("abcde", { maxResultChars: 5 }).content).toBe("abcde");
  });

  it("never cuts inside a surrogate pair", () => {
    expect(post("ab😀cd", { maxResultChars: 3 }).content).toBe(
      "ab\n[… 4 more characters cut by the harness (maxResultChars 3)]",
    );
    expect(post("ab😀cd", { maxResultChars: 4 }).content).toBe(
      "ab😀\n[… 2 more characters cut by the harness (maxResultChars 4)]",
    );
  });

  it("redacts before any cut, so a secret is never half kept", () => {
    const policy: PolicyConfig = { rules: [rule("short", "truncate", { arguments: { maxChars: 20 } })] };
    expect(post("key sk-ant-api03-abcdefghijklmnop", policy)).toEqual({
      content: "key [REDACTED]",
      isError: false,
      terminate: false,
      applied: ["redacted 1 secret", "rule short: within 20 characters, nothing cut"],
    });
  });
});

describe("post: rules", () => {
  it("sets the error flag", () => {
    expect(post("x", { rules: [rule("fail", "set-error")] })).toEqual({
      content: "x",
      isError: true,
      terminate: false,
      applied: ["rule fail: set-error"],
    });
  });

  it("clears the error flag", () => {
    expect(post("x", { rules: [rule("ok", "clear-error")] }, true)).toMatchObject({
      isError: false,
      applied: ["rule ok: clear-error"],
    });
  });

  it("asks the loop to terminate", () => {
    expect(post("x", { rules: [rule("stop", "terminate")] })).toMatchObject({
      terminate: true,
      applied: ["rule stop: terminate after this turn"],
    });
  });

  it("truncates to a rule's maxChars with its own marker", () => {
    expect(
      post("abcdefghij", { rules: [rule("short", "truncate", { arguments: { maxChars: 4 } })] }),
    ).toEqual({
      content: "abcd\n[… 6 more characters cut by the harness (rule short, maxChars 4)]",
      isError: false,
      terminate: false,
      applied: ["rule short: truncated 10 → 4 characters"],
    });
  });

  it("redacts a rule's pattern, and skips a rule whose pattern is invalid", () => {
    const policy: PolicyConfig = {
      rules: [
        rule("emails", "redact", { arguments: { pattern: "[a-z]+@example\\.com" } }),
        rule("bad", "redact", { arguments: { pattern: "[" } }),
      ],
    };
    expect(post("mail ann@example.com, bob@example.com", policy)).toEqual({
      content: "mail [REDACTED], [REDACTED]",
      isError: false,
      terminate: false,
      applied: [
        "rule emails: redacted 2 matches",
        "rule bad: redact needs `arguments.pattern`, a valid regex; skipped",
      ],
    });
  });

  it("applies only rules whose tool glob and conditions match the call", () => {
    const policy: PolicyConfig = {
      rules: [
        rule("other-tool", "set-error", { tool: "write_*" }),
        rule("etc-only", "terminate", { when: [{ pointer: "/path", regex: "^etc/" }] }),
        rule("preflight-one", "block", { stage: "preflight" }),
        rule("weird", "explode"),
      ],
    };
    expect(post("x", policy, false, { path: "notes/a.md" })).toEqual({
      content: "x",
      isError: false,
      terminate: false,
      applied: ["rule weird: unknown post action `explode`, skipped"],
    });
    expect(post("x", policy, false, { path: "etc/hosts" }).terminate).toBe(true);
  });
});
