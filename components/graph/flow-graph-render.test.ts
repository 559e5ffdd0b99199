import { createElement } from "react";
import { renderWithIntl } from "@/components/testing/render-with-intl";
import { describe, expect, it } from "vitest";
import { buildLog, sessionCreated, toolCall, turnCompleted } from "@/lib/trace/testing/build-log";
import type { NewEvent } from "@/lib/trace/events";
import { requested, stage } from "@/lib/trace/graph/testing/graph-log";
import en from "@/messages/en.json";
import zh from "@/messages/zh.json";
import { FlowGraph } from "./flow-graph";
import { NodeDetail } from "./node-detail";
import { projectRunGraph } from "@/lib/trace/graph/reduce-run-graph";

const LOG = buildLog([
  { kind: "user.message", turn: 1, text: "read it" }, // 0
  requested(1), // 1
  turnCompleted(1, [toolCall("c1", "read_file")]), // 2
  ...stage("c1", "lookup", "ok", "built-in read_file"), // 3-4
  ...stage("c1", "prepare", "running"), // 5
]);

const render = renderWithIntl;

/** The attributes of every element marked `data-testid="graph-node"`, in document order. */
function readNodes(html: string) {
  return [...html.matchAll(/<div[^>]*data-testid="graph-node"[^>]*>/g)].map((match) => {
    const tag = match[0];
    const attribute = (name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1];
    return {
      id: attribute("data-node-id"),
      kind: attribute("data-node-kind"),
      status: attribute("data-status"),
      stage: attribute("data-stage"),
      callId: attribute("data-call-id"),
      role: attribute("role"),
      tabIndex: attribute("tabindex"),
    };
  });
}

describe("<FlowGraph> rendered on the server", () => {
  it("draws every node with its kind, status, stage and call id, focusable as a button", () => {
    const html = render(createElement(FlowGraph, { events: LOG }));
    expect(html).toContain('data-testid="flow-graph"');
    const nodes = readNodes(html);
    expect(nodes).toHaveLength(projectRunGraph(LOG).nodes.length);
    expect(nodes.find((node) => node.id === "t1:call:c1:prepare")).toEqual({
      id: "t1:call:c1:prepare",
      kind: "stage",
      status: "running",
      stage: "prepare",
      callId: "c1",
      role: "button",
      tabIndex: "0",
    });
    expect(nodes.find((node) => node.id === "t1:call:c1:lookup")?.status).toBe("ok");
    expect(html).toContain('data-testid="graph-legend"');
  });

  it("shows the prefix asked for, in Chinese too", () => {
    const nodes = readNodes(render(createElement(FlowGraph, { events: LOG, upTo: 2 }), zh, "zh"));
    expect(nodes.find((node) => node.id === "t1:call:c1:lookup")?.status).toBe("pending");
  });
});

describe("<NodeDetail>", () => {
  it("shows a stage's output, duration and the events behind it", () => {
    const node = projectRunGraph(LOG).nodes.find((candidate) => candidate.id === "t1:call:c1:lookup")!;
    const html = render(createElement(NodeDetail, { node, events: LOG }));
    expect(html).toContain("built-in read_file");
    expect(html).toContain("2 ms");
    expect([...html.matchAll(/data-testid="node-event" data-seq="(\d+)"/g)].map((m) => m[1])).toEqual([
      "3",
      "4",
    ]);
  });
});

describe("<FlowGraph> on a captured client's call", () => {
  const TOOL = { name: "Read", input_schema: { type: "object", properties: {} } };
  const capturedLog = (name: string) =>
    buildLog([
      sessionCreated({ tools: [TOOL] }),
      { kind: "run.started", runId: "r1", trigger: "capture" },
      (() => {
        const event = requested(1);
        return event.kind === "request.assembled"
          ? { ...event, capture: { path: "/v1/messages", upstream: "offline", client: "Claude Code" } }
          : event;
      })(),
      {
        ...turnCompleted(1, [toolCall("c1", name, {})]),
        stopReason: { unified: "tool_use", raw: "tool_use" },
      } as NewEvent,
    ]);
  const validateBody = (html: string) =>
    /data-node-id="t1:call:c1:validate"[\s\S]*?data-testid="graph-client-check"[^>]*>([^<]*)</.exec(
      html,
    )?.[1];

  it("says what validate checked, or why it did not, instead of a bare status", () => {
    const valid = () => ({ valid: true, errors: [] });
    expect(
      validateBody(render(createElement(FlowGraph, { events: capturedLog("Read"), checkArguments: valid }))),
    ).toBe(en.Graph.check.valid);
    const undeclared = render(
      createElement(FlowGraph, { events: capturedLog("Wrte"), checkArguments: valid }),
    );
    expect(validateBody(undeclared)).toBe(en.Graph.check["no-such-tool"]);
    const chinese = render(
      createElement(FlowGraph, { events: capturedLog("Wrte"), checkArguments: valid }),
      zh,
      "zh",
    );
    expect(validateBody(chinese)).toBe(zh.Graph.check["no-such-tool"]);
  });
});
