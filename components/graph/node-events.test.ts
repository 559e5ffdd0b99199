import { describe, expect, it } from "vitest";
import { projectRunGraph } from "@/lib/trace/graph/reduce-run-graph";
import { buildLog, textBlock, turnCompleted } from "@/lib/trace/testing/build-log";
import { requested, wireEvents } from "@/lib/trace/graph/testing/graph-log";
import { formatMaybeJson, pickNodeEvents } from "./node-events";

const LOG = buildLog([
  { kind: "user.message", turn: 1, text: "go" }, // 0
  requested(1), // 1
  { kind: "wire.response", turn: 1, attempt: 1, status: 200, headers: {} }, // 2
  ...wireEvents(1, 3), // 3-5
  turnCompleted(1, [textBlock("ok")]), // 6
]);

describe("pickNodeEvents", () => {
  it("lists a stream's response, wire events and completion, up to the cursor", () => {
    const stream = projectRunGraph(LOG).nodes.find((node) => node.id === "t1:stream")!;
    expect(pickNodeEvents(stream, LOG).map((event) => event.seq)).toEqual([2, 3, 4, 5, 6]);
    expect(pickNodeEvents(stream, LOG, 4).map((event) => event.seq)).toEqual([2, 3, 4]);
  });

  it("lists a section's request", () => {
    const tools = projectRunGraph(LOG).nodes.find((node) => node.id === "t1:request:tools")!;
    expect(pickNodeEvents(tools, LOG).map((event) => event.kind)).toEqual(["request.assembled"]);
  });
});

describe("formatMaybeJson", () => {
  it("pretty-prints JSON and leaves anything else as it is", () => {
    expect(formatMaybeJson('{"path":"a"}')).toBe('{\n  "path": "a"\n}');
    expect(formatMaybeJson('{"path":"a…')).toBe('{"path":"a…');
    expect(formatMaybeJson("unknown tool")).toBe("unknown tool");
  });
});
