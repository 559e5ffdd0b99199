import { describe, expect, it } from "vitest";
import { compareConfigs, compareToolLists } from "./compare-config";
import { NO_BREAKPOINTS, type SessionConfig, type ToolDefinition } from "./config";
import type { TraceEvent } from "./events";

const config: SessionConfig = {
  title: "t",
  provider: { kind: "offline" },
  system: "Be brief.",
  tools: [{ name: "echo", input_schema: { type: "object", properties: {} }, mock: { kind: "echo" } }],
  policy: { batch: "all-or-nothing", hookFailure: "fail-closed" },
  scenario: null,
  breakpoints: NO_BREAKPOINTS,
};
const createdWith = (value: SessionConfig, sessionId = "s"): TraceEvent => ({
  kind: "session.created",
  config: value,
  workspace: {},
  seq: 0,
  at: 1,
  sessionId,
});
const differing = (left: TraceEvent[], right: TraceEvent[]) =>
  compareConfigs(left, right)
    .filter((field) => field.differs)
    .map((field) => field.field);

describe("compareConfigs", () => {
  it("finds no difference between equal configurations, whatever their key order", () => {
    const reordered: SessionConfig = {
      ...config,
      policy: { hookFailure: "fail-closed", batch: "all-or-nothing" },
    };
    expect(differing([createdWith(config)], [createdWith(reordered)])).toEqual([]);
    expect(compareConfigs([createdWith(config)], [createdWith(config)]).map((f) => f.field)).toEqual([
      "system",
      "tools",
      "policy",
      "provider",
    ]);
  });

  it("names each field that differs, with both values", () => {
    const other: SessionConfig = {
      ...config,
      system: "Shout.",
      provider: { kind: "offline", wire: "openai-chat" },
    };
    expect(differing([createdWith(config)], [createdWith(other)])).toEqual(["system", "provider"]);
    const system = compareConfigs([createdWith(config)], [createdWith(other)])[0]!;
    expect(system).toEqual({ field: "system", differs: true, left: "Be brief.", right: "Shout." });
  });

  it("reads the latest configuration: a later session.configured counts", () => {
    const configured: TraceEvent = {
      kind: "session.configured",
      changes: { tools: { before: config.tools, after: [] } },
      seq: 1,
      at: 2,
      sessionId: "s",
    };
    expect(differing([createdWith(config), configured], [createdWith(config)])).toEqual(["tools"]);
  });

  it("treats a missing configuration as differing from any, and two missing as equal", () => {
    expect(differing([], [createdWith(config)])).toEqual(["system", "tools", "policy", "provider"]);
    expect(differing([], [])).toEqual([]);
  });
});

describe("compareToolLists", () => {
  const echo = config.tools[0]!;
  const readFile: ToolDefinition = { name: "read_file", input_schema: {}, builtin: "read_file" };

  it("finds nothing between equal lists, whatever their order", () => {
    expect(compareToolLists([echo, readFile], [readFile, echo])).toEqual([]);
    expect(compareToolLists([], [])).toEqual([]);
  });

  it("names tools on one side only, left's first", () => {
    expect(compareToolLists([echo], [readFile])).toEqual([
      { name: "echo", change: "left-only", fields: [] },
      { name: "read_file", change: "right-only", fields: [] },
    ]);
  });

  it("names the fields of a tool that changed, in definition order", () => {
    const edited: ToolDefinition = { ...echo, description: "Echo.", mock: { kind: "static", result: 1 } };
    expect(compareToolLists([echo], [edited])).toEqual([
      { name: "echo", change: "changed", fields: ["description", "mock"] },
    ]);
    const reordered: ToolDefinition = { ...echo, input_schema: { properties: {}, type: "object" } };
    expect(compareToolLists([echo], [reordered])).toEqual([]);
  });
});
