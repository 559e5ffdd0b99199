import { describe, expect, it } from "vitest";
import { NO_BREAKPOINTS, type ToolDefinition } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { buildForkRequestEdits, EMPTY_FORK_FORM, readForkInherited, type ForkInherited } from "./fork-edits";

const echo: ToolDefinition = {
  name: "echo",
  input_schema: { type: "object", properties: { text: { type: "string" } } },
  mock: { kind: "echo" },
};
const inherited: ForkInherited = {
  system: "Be brief.",
  tools: [echo],
  policy: { batch: "all-or-nothing" },
  messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
};

describe("buildForkRequestEdits", () => {
  it("sends no edit for an untouched form", () => {
    expect(buildForkRequestEdits(inherited, EMPTY_FORK_FORM)).toEqual({ ok: true, edits: {} });
  });

  it("carries every edited part, and only those", () => {
    const result = buildForkRequestEdits(inherited, {
      system: "Shout.",
      provider: "openai-chat",
      tools: new Map([["echo", { text: JSON.stringify({ ...echo, description: "Echo." }) }]]),
      policy: '{"batch":"independent"}',
      messages: new Map([["0:0", { text: "hello" }]]),
    });
    expect(result).toEqual({
      ok: true,
      edits: {
        system: "Shout.",
        provider: { kind: "offline", wire: "openai-chat" },
        tools: [{ ...echo, description: "Echo." }],
        policy: { batch: "independent" },
        messages: [{ role: "user", content: [{ type: "text", text: "hello" }] }],
      },
    });
  });

  it("stops on a tool or policy that is not valid yet, naming both", () => {
    const result = buildForkRequestEdits(inherited, {
      ...EMPTY_FORK_FORM,
      tools: new Map([["echo", { text: "{" }]]),
      policy: "[]",
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.tools.map((p) => [p.tool, p.reason])).toEqual([["echo", "json"]]);
    expect(!result.ok && result.problems.policy).toEqual({ reason: "not-object" });
    const policyOnly = buildForkRequestEdits(inherited, { ...EMPTY_FORK_FORM, policy: "{" });
    expect(!policyOnly.ok && policyOnly.problems.tools).toEqual([]);
  });
});

describe("readForkInherited", () => {
  const events: TraceEvent[] = [
    {
      seq: 0,
      at: 0,
      sessionId: "s",
      kind: "session.created",
      config: {
        title: "t",
        provider: { kind: "offline" },
        system: "Be brief.",
        tools: [echo],
        policy: {},
        scenario: null,
        breakpoints: NO_BREAKPOINTS,
      },
      workspace: {},
    },
    { seq: 1, at: 1, sessionId: "s", kind: "user.message", turn: 1, text: "hi" },
    {
      seq: 2,
      at: 2,
      sessionId: "s",
      kind: "session.configured",
      changes: { system: { before: "Be brief.", after: "Later." } },
    },
    { seq: 3, at: 3, sessionId: "s", kind: "user.message", turn: 2, text: "again" },
  ];
  const fallback = { system: "current", tools: [], policy: { batch: "independent" as const } };

  it("reads the configuration and the transcript as of the fork point", () => {
    expect(readForkInherited(events, 1, fallback)).toEqual({
      system: "Be brief.",
      tools: [echo],
      policy: {},
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    });
    expect(readForkInherited(events, 3, fallback).system).toBe("Later.");
    expect(readForkInherited(events, 3, fallback).messages).toHaveLength(2);
  });

  it("falls back to the session's configuration without a creation event", () => {
    expect(readForkInherited([], 5, fallback)).toEqual({ ...fallback, messages: [] });
  });
});
