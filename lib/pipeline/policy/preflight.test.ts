import { describe, expect, it } from "vitest";
import type { PolicyConfig, PolicyRule, ToolDefinition } from "@/lib/trace/config";
import { EMPTY_WORKSPACE } from "@/lib/trace/workspace";
import { evaluatePreflight } from "./preflight";
import { READ_FILE, WRITE_FILE } from "./testing/policy-tools";
import type { PreflightHook } from "./types";

const NO_HOOKS: ReadonlyMap<string, PreflightHook> = new Map();

function decide(
  args: Record<string, unknown>,
  options: { tool?: ToolDefinition; policy?: PolicyConfig; hooks?: ReadonlyMap<string, PreflightHook> } = {},
) {
  const tool = options.tool ?? READ_FILE;
  return evaluatePreflight({
    call: { id: "call_1", name: tool.name, arguments: args },
    tool,
    policy: options.policy ?? {},
    log: [],
    workspace: EMPTY_WORKSPACE,
    hooks: options.hooks ?? NO_HOOKS,
  });
}

const rule = (id: string, action: string, extra: Partial<PolicyRule> = {}): PolicyRule => ({
  id,
  stage: "preflight",
  tool: "*",
  action,
  ...extra,
});

describe("preflight: workspace confinement", () => {
  it("allows notes/todo.md with nothing else to say", () => {
    expect(decide({ path: "notes/todo.md" })).toEqual({
      action: "allow",
      arguments: { path: "notes/todo.md" },
      rewrittenBy: [],
      trail: ["workspace-confinement: ok (path)"],
      hookErrors: [],
    });
  });

  it("blocks `..` with a reason written for the model", () => {
    expect(decide({ path: "notes/../../x" })).toEqual({
      action: "block",
      by: "workspace-confinement",
      errorKind: "blocked_by_policy",
      reason:
        "`path` must stay inside the workspace: `..` leaves it. Nothing ran. Use a path like notes/todo.md.",
      rewrittenBy: [],
      trail: ["workspace-confinement: `path` refused (parent)"],
      hookErrors: [],
    });
  });

  it("blocks every escape variant", () => {
    const variants = [
      "..",
      "../x",
      "/etc/passwd",
      "%2e%2e/x",
      "%2E%2E%2Fx",
      "a\\..\\b",
      "a\0b",
      "~/x",
      "C:/x",
    ];
    const verdicts = variants.map((path) => {
      const decision = decide({ path });
      return decision.action === "block" ? decision.by : decision.action;
    });
    expect(verdicts).toEqual(variants.map(() => "workspace-confinement"));
  });

  it("names the problem of each kind in the reason", () => {
    const reason = (path: string) => {
      const decision = decide({ file: path });
      return decision.action === "block" ? decision.reason.split(": ")[1]?.split(". ")[0] : null;
    };
    expect(reason("/etc/passwd")).toBe("an absolute path starts outside it");
    expect(reason("%2e%2e/x")).toBe(
      "encoded dots, slashes or % (%2e, %2f, %5c, %25) are not allowed, write the characters themselves",
    );
    expect(reason("a\\b")).toBe("a backslash is not a folder separator here, use /");
    expect(reason("a\0b")).toBe("a NUL byte can cut the path short");
    expect(reason("~/x")).toBe("`~` is a home folder outside it");
    expect(reason("C:/x")).toBe("a drive letter names another disk");
  });

  it("checks path-like names at any depth, and leaves other names alone", () => {
    const nested = decide({ options: { outputDir: "/tmp" } });
    expect(nested.action === "block" && nested.reason.startsWith("`options.outputDir` must stay")).toBe(true);
    const list = decide({ paths: ["notes/a.md", "../b"] });
    expect(list.action === "block" && list.trail).toEqual([
      "workspace-confinement: `paths[1]` refused (parent)",
    ]);
    expect(decide({ query: "../../etc", count: 3 })).toMatchObject({
      action: "allow",
      trail: ["workspace-confinement: no path arguments"],
    });
  });

  it("also confines what a rule's outsideWorkspace condition points at, before any rule runs", () => {
    const policy: PolicyConfig = {
      rules: [
        rule("ask-outside", "require-approval", { when: [{ pointer: "/dest", outsideWorkspace: true }] }),
      ],
    };
    const decision = decide({ dest: "../x" }, { policy });
    expect(decision).toMatchObject({ action: "block", by: "workspace-confinement" });
    expect(decision.trail).toEqual(["workspace-confinement: `dest` refused (parent)"]);
  });
});

describe("preflight: rules", () => {
  it("blocks by a matching rule with its reason", () => {
    const policy: PolicyConfig = {
      rules: [
        rule("no-etc", "block", {
          tool: "read_*",
          when: [{ pointer: "/path", regex: "^etc/" }],
          reason: "No.",
        }),
      ],
    };
    expect(decide({ path: "etc/hosts" }, { policy })).toEqual({
      action: "block",
      by: "no-etc",
      errorKind: "blocked_by_policy",
      reason: "No.",
      rewrittenBy: [],
      trail: ["workspace-confinement: ok (path)", "rule no-etc matched: block"],
      hookErrors: [],
    });
    expect(decide({ path: "notes/a.md" }, { policy }).trail).toEqual([
      "workspace-confinement: ok (path)",
      "rule no-etc did not match",
    ]);
  });

  it("skips a rule whose tool glob does not match, without a trail line", () => {
    const policy: PolicyConfig = { rules: [rule("writes", "block", { tool: "write_*" })] };
    expect(decide({ path: "a" }, { policy })).toMatchObject({
      action: "allow",
      trail: ["workspace-confinement: ok (path)"],
    });
  });

  it("matches by equals and gives a default reason", () => {
    const policy: PolicyConfig = {
      rules: [rule("no-force", "block", { when: [{ pointer: "/force", equals: true }] })],
    };
    expect(decide({ path: "a", force: true }, { policy })).toMatchObject({
      action: "block",
      reason: "Policy rule `no-force` blocks this call. Nothing ran.",
    });
    expect(decide({ path: "a", force: false }, { policy }).action).toBe("allow");
  });

  it("does not match a rule with an invalid regex, and notes it", () => {
    const policy: PolicyConfig = {
      rules: [rule("broken", "block", { when: [{ pointer: "/path", regex: "(" }] })],
    };
    expect(decide({ path: "a" }, { policy })).toMatchObject({
      action: "allow",
      trail: ["workspace-confinement: ok (path)", "rule broken: invalid regex `(`, skipped"],
    });
  });

  it("lets the first block win", () => {
    const policy: PolicyConfig = { rules: [rule("first", "block"), rule("second", "block")] };
    expect(decide({}, { policy })).toMatchObject({ action: "block", by: "first" });
  });

  it("skips a rule with an unknown action, and notes it", () => {
    const policy: PolicyConfig = {
      rules: [rule("odd", "explode"), rule("post-one", "terminate", { stage: "post" })],
    };
    expect(decide({}, { policy }).trail).toEqual([
      "workspace-confinement: no path arguments",
      "rule odd: unknown preflight action `explode`, skipped",
    ]);
  });

  it("rewrites by merge patch, deleting keys set to null", () => {
    const policy: PolicyConfig = {
      rules: [
        rule("safe-mode", "rewrite", { arguments: { mode: "append", force: null, opts: { dry: true } } }),
      ],
    };
    expect(decide({ path: "a.md", mode: "overwrite", force: true, opts: { v: 1 } }, { policy })).toEqual({
      action: "allow",
      arguments: { path: "a.md", mode: "append", opts: { v: 1, dry: true } },
      rewrittenBy: ["safe-mode"],
      trail: [
        "workspace-confinement: ok (path)",
        "rule safe-mode matched: rewrite",
        "workspace-confinement: ok (path)",
      ],
      hookErrors: [],
    });
  });

  it("chains rewrites: later rules see the rewritten arguments", () => {
    const policy: PolicyConfig = {
      rules: [
        rule("to-drafts", "rewrite", { arguments: { path: "drafts/a.md" } }),
        rule("tag-drafts", "rewrite", {
          when: [{ pointer: "/path", regex: "^drafts/" }],
          arguments: { tag: "draft" },
        }),
        rule("block-notes", "block", { when: [{ pointer: "/path", regex: "^notes/" }] }),
      ],
    };
    expect(decide({ path: "notes/a.md" }, { policy })).toMatchObject({
      action: "allow",
      arguments: { path: "drafts/a.md", tag: "draft" },
      rewrittenBy: ["to-drafts", "tag-drafts"],
    });
  });

  it("blocks a rewrite that sends a path outside the workspace", () => {
    const policy: PolicyConfig = { rules: [rule("bad", "rewrite", { arguments: { path: "../x" } })] };
    expect(decide({ path: "a.md" }, { policy })).toMatchObject({
      action: "block",
      by: "workspace-confinement",
      rewrittenBy: ["bad"],
      reason:
        "`path` must stay inside the workspace: `..` leaves it. Nothing ran. Use a path like notes/todo.md. (Policy rule `bad` rewrote the arguments.)",
    });
  });

  it("remembers the first require-approval and returns it if nothing blocks", () => {
    const policy: PolicyConfig = {
      rules: [rule("ask-1", "require-approval", { reason: "One." }), rule("ask-2", "require-approval")],
    };
    expect(decide({}, { policy })).toEqual({
      action: "require-approval",
      by: "ask-1",
      reason: "One.",
      arguments: {},
      rewrittenBy: [],
      trail: [
        "workspace-confinement: no path arguments",
        "rule ask-1 matched: require-approval",
        "rule ask-2 matched: require-approval",
      ],
      hookErrors: [],
    });
    const blocked: PolicyConfig = { rules: [rule("ask", "require-approval"), rule("stop", "block")] };
    expect(decide({}, { policy: blocked })).toMatchObject({ action: "block", by: "stop" });
  });
});

describe("preflight: default approval", () => {
  it("asks for approval of a destructive tool, naming the metadata", () => {
    expect(decide({ path: "a.md", content: "x" }, { tool: WRITE_FILE })).toEqual({
      action: "require-approval",
      by: "default-approval",
      reason: "`write_file` is marked destructive, so a person approves each call before it runs.",
      arguments: { path: "a.md", content: "x" },
      rewrittenBy: [],
      trail: ["workspace-confinement: ok (path)", "default approval: require-approval"],
      hookErrors: [],
    });
  });

  it("asks for approval of a tool marked needsApproval", () => {
    const tool: ToolDefinition = { name: "deploy", input_schema: {}, meta: { needsApproval: true } };
    expect(decide({}, { tool })).toMatchObject({
      action: "require-approval",
      reason: "`deploy` is marked as needing approval, so a person approves each call before it runs.",
    });
  });

  it("is skipped when a rule explicitly allows the call, and allow stops later rules", () => {
    const policy: PolicyConfig = {
      rules: [
        rule("trust-notes", "allow", { when: [{ pointer: "/path", regex: "^notes/" }] }),
        rule("never", "block"),
      ],
    };
    expect(decide({ path: "notes/a.md", content: "x" }, { tool: WRITE_FILE, policy })).toEqual({
      action: "allow",
      arguments: { path: "notes/a.md", content: "x" },
      rewrittenBy: [],
      trail: [
        "workspace-confinement: ok (path)",
        "rule trust-notes matched: allow",
        "default approval: skipped, rule trust-notes allowed the call",
      ],
      hookErrors: [],
    });
  });
});

describe("preflight: hooks and the hook-failure policy", () => {
  const throwing: PreflightHook = {
    id: "stale-file-check",
    check() {
      throw new Error("log is corrupt");
    },
  };
  const hooks = new Map([["stale-file-check", throwing]]);

  it("blocks with hook_error when a hook throws under fail-closed (the default)", () => {
    expect(decide({}, { hooks, policy: { hooks: ["stale-file-check"] } })).toEqual({
      action: "block",
      by: "stale-file-check",
      errorKind: "hook_error",
      reason:
        "The harness check `stale-file-check` failed (log is corrupt), so nothing ran. The failure is in the harness, not in your arguments: tell the person instead of retrying.",
      rewrittenBy: [],
      trail: ["workspace-confinement: no path arguments", "hook stale-file-check: failed (fail-closed)"],
      hookErrors: [],
    });
  });

  it("continues and records the failure under fail-open", () => {
    expect(decide({}, { hooks, policy: { hooks: ["stale-file-check"], hookFailure: "fail-open" } })).toEqual({
      action: "allow",
      arguments: {},
      rewrittenBy: [],
      trail: [
        "workspace-confinement: no path arguments",
        "hook stale-file-check: failed, continuing (fail-open)",
      ],
      hookErrors: [{ hook: "stale-file-check", message: "log is corrupt" }],
    });
  });

  it("treats a hook named but not registered as a hook error", () => {
    expect(decide({}, { policy: { hooks: ["idempotency-guard"] } })).toMatchObject({
      action: "block",
      by: "idempotency-guard",
      errorKind: "hook_error",
      reason: expect.stringContaining("(no hook named `idempotency-guard` is registered)"),
    });
    expect(
      decide({}, { policy: { hooks: ["idempotency-guard"], hookFailure: "fail-open" } }).hookErrors,
    ).toEqual([{ hook: "idempotency-guard", message: "no hook named `idempotency-guard` is registered" }]);
  });

  it("treats a hook that returns no valid verdict as a hook error", () => {
    const broken = { id: "stale-file-check", check: () => ({ action: "block" }) } as unknown as PreflightHook;
    expect(
      decide({}, { hooks: new Map([["stale-file-check", broken]]), policy: { hooks: ["stale-file-check"] } }),
    ).toMatchObject({
      errorKind: "hook_error",
      reason: expect.stringContaining("(the hook returned no valid verdict)"),
    });
  });

  it("passes the rewritten arguments to hooks and follows their verdicts", () => {
    const seen: unknown[] = [];
    const asking: PreflightHook = {
      id: "idempotency-guard",
      check: ({ call }) => {
        seen.push(call.arguments);
        return { action: "require-approval", reason: "Again?" };
      },
    };
    const policy: PolicyConfig = {
      hooks: ["idempotency-guard"],
      rules: [rule("tag", "rewrite", { arguments: { tag: "x" } })],
    };
    expect(decide({}, { hooks: new Map([["idempotency-guard", asking]]), policy })).toMatchObject({
      action: "require-approval",
      by: "idempotency-guard",
      reason: "Again?",
    });
    expect(seen).toEqual([{ tag: "x" }]);
    const blocking: PreflightHook = {
      id: "idempotency-guard",
      check: () => ({ action: "block", reason: "Stop." }),
    };
    expect(decide({}, { hooks: new Map([["idempotency-guard", blocking]]), policy })).toMatchObject({
      action: "block",
      by: "idempotency-guard",
      errorKind: "blocked_by_policy",
      reason: "Stop.",
    });
  });
});
