import { describe, expect, it } from "vitest";
import type { PreflightHook } from "./policy/types";
import { BUILTIN_HOOKS } from "./policy";
import { runPipeline, toolCall } from "./testing/pipeline-harness";

describe("lookup", () => {
  it("answers an unknown name, __proto__ and constructor with unknown_tool listing the tools", async () => {
    const { result, stages } = await runPipeline(
      [
        toolCall("a", "delete_everything", {}),
        toolCall("b", "__proto__", {}),
        toolCall("c", "constructor", {}),
      ],
      { policy: { batch: "independent" } },
    );
    for (const id of ["a", "b", "c"]) {
      expect(result(id)).toMatchObject({
        isError: true,
        errorKind: "unknown_tool",
        hint: "Call one of the available tools by its exact name.",
      });
      expect(stages(id)).toEqual(["lookup:error", "normalize:ok"]);
    }
    expect(result("b").content).toMatch(
      /^Unknown tool `__proto__`\. Nothing ran\. Available tools: `read_file`, `list_dir`, `write_file`, /,
    );
  });
});

describe("prepare and validate", () => {
  it("turns unparseable string arguments into invalid_arguments with the position", async () => {
    const { result, stages } = await runPipeline([toolCall("a", "read_file", '{"path": "x",}')]);
    expect(result("a")).toMatchObject({
      errorKind: "invalid_arguments",
      content:
        'The arguments are not valid JSON: unexpected "}" at position 13 (line 1, column 14), near "\\"path\\": \\"x\\",}". Nothing ran.',
    });
    expect(stages("a")).toEqual(["lookup:ok", "prepare:error", "normalize:ok"]);
  });

  it("parses OpenAI's string arguments and runs the call", async () => {
    const { result } = await runPipeline([toolCall("a", "read_file", '{"path":"notes/todo.md"}')]);
    expect(result("a")).toMatchObject({ isError: false, content: expect.stringMatching(/^# Todo/) });
  });

  const FIX = "Resend the call with the fields fixed; nothing ran.";
  it.each([
    [
      "a missing required field",
      "read_file",
      {},
      "`path` is required",
      "Resend the call with the missing fields added; nothing ran.",
    ],
    ["a wrong type", "read_file", { path: 3 }, "`path` must be a string, got number 3", FIX],
    [
      "an unexpected property",
      "list_dir",
      { path: "notes", recursive: true },
      "unexpected property `recursive`",
      FIX,
    ],
  ])(
    "answers %s with schema_validation_error and a field-level hint",
    async (_what, name, args, line, hint) => {
      const { result, stages } = await runPipeline([toolCall("a", name, args)]);
      expect(result("a")).toMatchObject({
        isError: true,
        errorKind: "schema_validation_error",
        content: `The arguments for \`${name}\` do not match its input_schema:\n${line}\nNothing ran.`,
        hint,
      });
      expect(stages("a")).toEqual(["lookup:ok", "prepare:ok", "validate:error", "normalize:ok"]);
    },
  );
});

describe("preflight", () => {
  it.each(["../etc/passwd", "/etc/passwd", "%2e%2e/secrets", "notes\\..\\x", "notes/../../x", "a\u0000b"])(
    "blocks the path %j and lets notes/todo.md through",
    async (path) => {
      const { result, stages } = await runPipeline(
        [toolCall("bad", "read_file", { path }), toolCall("good", "read_file", { path: "notes/todo.md" })],
        {
          policy: { batch: "independent" },
        },
      );
      expect(result("bad")).toMatchObject({ isError: true, errorKind: "blocked_by_policy" });
      expect(stages("bad")).toEqual([
        "lookup:ok",
        "prepare:ok",
        "validate:ok",
        "preflight:blocked",
        "normalize:ok",
      ]);
      expect(result("good").isError).toBe(false);
    },
  );

  it("validates a rewrite's result again and refuses an invalid one", async () => {
    const { result, stages } = await runPipeline([toolCall("a", "read_file", { path: "notes/todo.md" })], {
      policy: {
        rules: [
          {
            id: "bad-rewrite",
            stage: "preflight",
            tool: "read_file",
            action: "rewrite",
            arguments: { path: 42 },
          },
        ],
      },
    });
    expect(result("a")).toMatchObject({
      errorKind: "schema_validation_error",
      content:
        "The arguments for `read_file` after rewrite by bad-rewrite do not match its input_schema:\n`path` must be a string, got number 42\nNothing ran.",
    });
    expect(stages("a")).toEqual([
      "lookup:ok",
      "prepare:ok",
      "validate:ok",
      "preflight:ok",
      "validate:error",
      "normalize:ok",
    ]);
  });

  const throwing: PreflightHook = {
    id: "stale-file-check",
    check: () => {
      throw new Error("the log could not be read");
    },
  };
  const hooks = new Map([...BUILTIN_HOOKS, ["stale-file-check", throwing]]);

  it("blocks with hook_error when a hook throws under fail-closed", async () => {
    const { result, only } = await runPipeline([toolCall("a", "read_file", { path: "README.md" })], {
      hooks,
      policy: { hooks: ["stale-file-check"] },
    });
    expect(result("a")).toMatchObject({ isError: true, errorKind: "hook_error" });
    expect(only("tool.stage").some((e) => e.stage === "execute")).toBe(false);
  });

  it("runs the call and records the failure when a hook throws under fail-open", async () => {
    const { result, only } = await runPipeline([toolCall("a", "read_file", { path: "README.md" })], {
      hooks,
      policy: { hooks: ["stale-file-check"], hookFailure: "fail-open" },
    });
    expect(result("a").isError).toBe(false);
    const preflight = only("tool.stage").find((e) => e.stage === "preflight" && e.status === "ok");
    expect(preflight?.output).toMatch(/stale-file-check.*the log could not be read/);
  });
});

describe("approval", () => {
  const charge = (id: string, amount: number) =>
    toolCall(id, "charge_card", { order_id: "ord_0001", amount, currency: "USD" });
  const order = toolCall("o", "create_order", {
    customer: "ada@example.com",
    items: [{ sku: "book", quantity: 1 }],
    currency: "USD",
  });

  it("runs an approved call, after asking", async () => {
    const { result, decisionsAsked, only } = await runPipeline([order], {});
    expect(result("o").isError).toBe(false);
    const run = await runPipeline([charge("c", 12.5)], {
      history: [...only("turn.completed"), ...only("workspace.changed")].map(
        ({ seq: _s, at: _a, sessionId: _i, ...e }) => e,
      ),
      decisions: { c: { decision: "approve" } },
    });
    expect(decisionsAsked).toEqual([]);
    expect(run.decisionsAsked).toEqual(["c"]);
    expect(run.stages("c")).toContain("approval:ok");
    expect(run.only("tool.decision")).toMatchObject([{ callId: "c", decision: "approve" }]);
  });

  it("answers a denied call with denied_by_user and runs nothing", async () => {
    const { result, stages } = await runPipeline([charge("c", 12.5)], {
      decisions: { c: { decision: "deny", reason: "too much" } },
    });
    expect(result("c")).toMatchObject({
      errorKind: "denied_by_user",
      content: "The person denied this call: too much Nothing ran.",
    });
    expect(stages("c")).toEqual([
      "lookup:ok",
      "prepare:ok",
      "validate:ok",
      "preflight:ok",
      "approval:waiting",
      "approval:blocked",
      "normalize:ok",
    ]);
  });

  it("validates edited arguments again before running", async () => {
    const invalid = await runPipeline([charge("c", 12.5)], {
      decisions: { c: { decision: "edit", arguments: { amount: "lots" } } },
    });
    expect(invalid.result("c")).toMatchObject({ errorKind: "schema_validation_error" });
    expect(invalid.result("c").content).toMatch(/as edited by the person/);
    expect(invalid.only("tool.stage").some((e) => e.stage === "execute")).toBe(false);
  });
});

describe("execute, progress and post", () => {
  it("times out a slow tool on the injected clock, streaming its progress first", async () => {
    const { result, stages, only } = await runPipeline([
      toolCall("s", "slow_task", { steps: 10, stepMs: 500 }),
    ]);
    expect(result("s")).toMatchObject({
      isError: true,
      errorKind: "timeout",
      content: "slow_task did not finish within 3,000 ms and was stopped.",
    });
    expect(only("tool.progress").map((e) => e.message)).toEqual([
      "step 1 of 10",
      "step 2 of 10",
      "step 3 of 10",
      "step 4 of 10",
      "step 5 of 10",
      "step 6 of 10",
    ]);
    expect(stages("s")).toEqual([
      "lookup:ok",
      "prepare:ok",
      "validate:ok",
      "preflight:ok",
      "approval:skipped",
      "execute:error",
      "progress:ok",
      "post:ok",
      "normalize:ok",
    ]);
  });

  it("turns a throwing tool into execution_error with a short message, never a stack", async () => {
    const boom = {
      name: "boom",
      input_schema: { type: "object" },
      mock: { kind: "static" as const, result: "x" },
    };
    const { result } = await runPipeline([toolCall("b", "boom", {})], {
      tools: [{ ...boom, builtin: "no_such_builtin" }],
    });
    expect(result("b")).toMatchObject({ isError: true, errorKind: "execution_error" });
    expect(result("b").content).not.toMatch(/\n\s+at /);
  });

  it("truncates a long result with a marker that says how much was cut", async () => {
    const { result } = await runPipeline([toolCall("h", "http_get", { url: "https://example.com/docs" })], {
      policy: { maxResultChars: 1000 },
    });
    expect(result("h").content.length).toBeLessThan(1200);
    expect(result("h").content).toMatch(
      /\n\[… 19,044 more characters cut by the harness \(maxResultChars 1,000\)\]$/,
    );
  });

  it("redacts every planted secret before the model or the log sees it", async () => {
    const { result, log } = await runPipeline([
      toolCall("h", "http_get", { url: "https://example.com/debug/env" }),
    ]);
    expect(result("h").content).toContain("[REDACTED]");
    const stored = JSON.stringify(log.filter((e) => e.kind !== "workspace.changed"));
    for (const secret of [
      /sk-ant-[A-Za-z0-9_-]{8,}/,
      /AKIA[0-9A-Z]{16}/,
      /BEGIN [A-Z ]*PRIVATE KEY-----[A-Za-z0-9+/=\s]{20}/,
    ]) {
      expect(stored).not.toMatch(secret);
    }
  });

  it("stops the loop after the turn when a post rule says terminate, and keeps the side effect", async () => {
    const { batch, workspace } = await runPipeline(
      [toolCall("w", "write_file", { path: "notes/new.md", content: "hi" })],
      {
        policy: {
          rules: [
            { id: "stop", stage: "post", tool: "write_file", action: "terminate" },
            { id: "ok", stage: "preflight", tool: "write_file", action: "allow" },
          ],
        },
      },
    );
    expect(batch.terminate).toBe(true);
    expect(workspace.files["notes/new.md"]).toBe("hi");
  });
});
