import { describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/trace/events";
import { projectRunGraph } from "@/lib/trace/graph/reduce-run-graph";
import { buildLog, textBlock, toolCall, turnCompleted } from "@/lib/trace/testing/build-log";
import { requested, stage, wireEvents } from "@/lib/trace/graph/testing/graph-log";
import {
  buildHighlightSelectors,
  describeHighlight,
  findStepNodes,
  parseTarget,
  quoteCss,
} from "./step-highlight";

/** One turn: a read_file call that passes lookup and is blocked at preflight. */
const log = buildLog([
  { kind: "run.started", runId: "r1", trigger: "message" },
  { kind: "user.message", turn: 1, text: "read /etc/passwd" },
  requested(1),
  ...wireEvents(1, 3),
  turnCompleted(1, [textBlock("Reading it."), toolCall("toolu_1", "read_file")]),
  { kind: "batch.planned", turn: 1, callIds: ["toolu_1"], policy: "all-or-nothing", schedule: [["toolu_1"]] },
  ...stage("toolu_1", "lookup", "ok"),
  ...stage("toolu_1", "preflight", "blocked"),
]);
const graph = projectRunGraph(log);
const find = (predicate: (event: TraceEvent) => boolean) => log.find(predicate)!;
const preflightEnd = log.at(-1)!;

describe("parseTarget", () => {
  it("splits at the first colon", () => {
    expect(parseTarget("node:preflight")).toEqual({ type: "node", name: "preflight" });
    expect(parseTarget("event:tool.result")).toEqual({ type: "event", name: "tool.result" });
    expect(parseTarget("block:tool_use")).toEqual({ type: "block", name: "tool_use" });
    expect(parseTarget("ledger")).toEqual({ type: "other", name: "ledger" });
  });
});

describe("findStepNodes", () => {
  it("marks the stage node the event built", () => {
    expect(findStepNodes(graph.nodes, preflightEnd, "node:preflight")).toEqual(["t1:call:toolu_1:preflight"]);
  });

  it("finds the named stage of the event's call when the event built another node", () => {
    const lookup = find((e) => e.kind === "tool.stage" && e.stage === "lookup");
    expect(findStepNodes(graph.nodes, lookup, "node:validate")).toEqual(["t1:call:toolu_1:validate"]);
  });

  it("marks the turn's stream node for a wire event", () => {
    expect(
      findStepNodes(
        graph.nodes,
        find((e) => e.kind === "wire.event"),
        "event:wire.event",
      ),
    ).toEqual(["t1:stream"]);
  });

  it("narrows a turn's blocks by type", () => {
    const turn = find((e) => e.kind === "turn.completed");
    expect(findStepNodes(graph.nodes, turn, "block:tool_use")).toEqual(["t1:block:1"]);
    expect(findStepNodes(graph.nodes, turn, "block:text")).toEqual(["t1:block:0"]);
    expect(findStepNodes(graph.nodes, turn, "event:turn.completed")).toEqual([
      "t1:stream",
      "t1:block:0",
      "t1:block:1",
    ]);
  });

  it("marks all three request sections for request.assembled", () => {
    expect(
      findStepNodes(
        graph.nodes,
        find((e) => e.kind === "request.assembled"),
        "event:request.assembled",
      ),
    ).toEqual(["t1:request:tools", "t1:request:system", "t1:request:messages"]);
  });

  it("marks nothing for an event no node shows", () => {
    expect(findStepNodes(graph.nodes, log[0]!, "event:run.started")).toEqual([]);
  });
});

describe("describeHighlight and its selectors", () => {
  it("marks the node, the stream row and the call's tool_use block", () => {
    const wire = find((e) => e.kind === "wire.event");
    expect(buildHighlightSelectors(describeHighlight(graph.nodes, wire, "event:wire.event"))).toEqual([
      '.graph-node[data-node-id="t1:stream"]',
      `.stream-row[data-seq="${wire.seq}"]`,
    ]);
    expect(buildHighlightSelectors(describeHighlight(graph.nodes, preflightEnd, "node:preflight"))).toEqual([
      '.graph-node[data-node-id="t1:call:toolu_1:preflight"]',
      '[data-testid="block"][data-tool-use-id="toolu_1"]',
    ]);
  });

  it("marks blocks of a block step's type in the transcript's last message", () => {
    const turn = find((e) => e.kind === "turn.completed");
    expect(buildHighlightSelectors(describeHighlight(graph.nodes, turn, "block:text"))).toEqual([
      '.graph-node[data-node-id="t1:block:0"]',
      '[data-testid="message"]:nth-last-child(1 of [data-testid="message"]) [data-testid="block"][data-type="text"]',
    ]);
  });

  it("finds the tool_use block of a block:tool_use step on turn.completed", () => {
    const turn = find((e) => e.kind === "turn.completed");
    expect(describeHighlight(graph.nodes, turn, "block:tool_use").callId).toBe("toolu_1");
    expect(describeHighlight(graph.nodes, turn, "block:text").callId).toBeNull();
  });

  it("quotes CSS strings so no id can break out of its selector", () => {
    expect(quoteCss('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(quoteCss("a\nb")).toBe('"a\\a b"');
    expect(quoteCss("</style>")).toBe('"\\3c /style>"');
  });
});
