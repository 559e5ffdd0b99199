import { describe, expect, test } from "vitest";
import { countFlakyAttempts, flakyTool } from "./builtin-flaky";
import { createToolSession } from "./testing/create-tool-session";

describe("flaky_tool", () => {
  test("fails the first call with an input and succeeds on every later one, recording each", async () => {
    const session = createToolSession();
    expect(await session.run(flakyTool, { input: "ping" })).toEqual({
      content:
        'Transient failure on attempt 1 for input "ping": the upstream service did not answer. Nothing else happened; calling again with the same input will succeed.',
      isError: true,
    });
    expect(await session.run(flakyTool, { input: "ping" })).toEqual({
      content: 'Succeeded on attempt 2 for input "ping".',
      isError: false,
    });
    expect(await session.run(flakyTool, { input: "ping" })).toEqual({
      content: 'Succeeded on attempt 3 for input "ping".',
      isError: false,
    });
    expect(session.changes).toEqual([
      {
        type: "ledger",
        entry: { tool: "flaky_tool", action: "attempt", input: "ping", attempt: 1, outcome: "failed" },
      },
      {
        type: "ledger",
        entry: { tool: "flaky_tool", action: "attempt", input: "ping", attempt: 2, outcome: "succeeded" },
      },
      {
        type: "ledger",
        entry: { tool: "flaky_tool", action: "attempt", input: "ping", attempt: 3, outcome: "succeeded" },
      },
    ]);
  });

  test("counts per input; an omitted input is the empty one", async () => {
    const session = createToolSession();
    await session.run(flakyTool, { input: "a" });
    expect((await session.run(flakyTool, { input: "b" })).isError).toBe(true);
    expect((await session.run(flakyTool, {})).isError).toBe(true);
    expect((await session.run(flakyTool, { input: "" })).isError).toBe(false);
    expect(countFlakyAttempts(session.workspace.ledger, "a")).toBe(1);
    expect(countFlakyAttempts(session.workspace.ledger, "")).toBe(2);
  });

  test("reproduces the outcome from the ledger alone, as a replay rebuilds it from the log", async () => {
    const first = createToolSession();
    await first.run(flakyTool, { input: "x" });
    const replay = createToolSession({ ledger: [...first.workspace.ledger] });
    expect(await replay.run(flakyTool, { input: "x" })).toEqual({
      content: 'Succeeded on attempt 2 for input "x".',
      isError: false,
    });
    const fresh = createToolSession({ ledger: [{ tool: "create_order", action: "attempt", input: "x" }] });
    expect((await fresh.run(flakyTool, { input: "x" })).isError).toBe(true);
  });

  test("says when the caller's attempt number differs from the ledger's", async () => {
    const session = createToolSession();
    expect((await session.run(flakyTool, { input: "q", attempt: 2 })).content).toMatch(
      / \(You called this attempt 2; the ledger counts it as attempt 1\.\)$/,
    );
    expect(await session.run(flakyTool, { input: "q", attempt: 2 })).toEqual({
      content: 'Succeeded on attempt 2 for input "q".',
      isError: false,
    });
  });

  test("refuses bad arguments without recording an attempt", async () => {
    const session = createToolSession();
    expect(await session.run(flakyTool, { input: 5 })).toEqual({
      content: "`input` must be a string.",
      isError: true,
    });
    expect(await session.run(flakyTool, { attempt: 0 })).toEqual({
      content: "`attempt` must be between 1 and 1000, got 0.",
      isError: true,
    });
    expect(session.changes).toEqual([]);
  });

  test("keeps __proto__ as plain data in its input", async () => {
    const session = createToolSession();
    await session.run(flakyTool, { input: "__proto__" });
    expect(await session.run(flakyTool, { input: "__proto__" })).toEqual({
      content: 'Succeeded on attempt 2 for input "__proto__".',
      isError: false,
    });
  });
});
