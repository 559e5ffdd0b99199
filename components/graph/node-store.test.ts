import { describe, expect, it } from "vitest";
import { projectRunGraph } from "@/lib/trace/graph/reduce-run-graph";
import { buildLog, completed, requested, stage, wireEvents } from "@/lib/trace/graph/testing/graph-log";
import type { GraphNode } from "@/lib/trace/graph/types";
import { createNodeStore, isSameNode } from "./node-store";

const node = (id: string, status: GraphNode["status"], seqs: number[] = []): GraphNode => ({
  id,
  kind: "stage",
  turn: 1,
  status,
  label: id,
  detail: "",
  seqs,
  callId: "c1",
  stage: "lookup",
});

describe("createNodeStore", () => {
  it("notifies only the ids whose node changed, appeared or disappeared", () => {
    const store = createNodeStore([node("a", "pending"), node("b", "pending"), node("c", "ok")]);
    const calls: string[] = [];
    for (const id of ["a", "b", "c", "d"]) store.subscribe(id, () => calls.push(id));
    store.setNodes([node("a", "running", [1]), node("b", "pending"), node("d", "pending")]);
    expect(calls).toEqual(["a", "d", "c"]);
    expect(store.getNode("a")?.status).toBe("running");
    expect(store.getNode("c")).toBeUndefined();
    expect(store.listNodes().map((n) => n.id)).toEqual(["a", "b", "d"]);
  });

  it("keeps the old object when a new one shows the same thing, so snapshots stay equal", () => {
    const first = node("a", "ok", [1, 2]);
    const store = createNodeStore([first]);
    store.setNodes([node("a", "ok", [1, 2])]);
    expect(store.getNode("a")).toBe(first);
    store.setNodes([node("a", "ok", [1, 3])]);
    expect(store.getNode("a")).not.toBe(first);
  });

  it("notifies the old and the new selection, and stops after unsubscribing", () => {
    const store = createNodeStore([node("a", "ok"), node("b", "ok")]);
    const calls: string[] = [];
    const stopA = store.subscribe("a", () => calls.push("a"));
    store.subscribe("b", () => calls.push("b"));
    store.setSelected("a");
    store.setSelected("a");
    store.setSelected("b");
    expect(calls).toEqual(["a", "a", "b"]);
    expect([store.isSelected("a"), store.isSelected("b")]).toEqual([false, true]);
    stopA();
    store.setSelected(null);
    store.setSelected("a");
    expect(calls).toEqual(["a", "a", "b", "b"]);
  });
});

/** A run's graph with a node of every kind and most optional fields set. */
const LOG = buildLog([
  { kind: "run.started", runId: "r1", trigger: "message" },
  { kind: "user.message", turn: 1, text: "read it" },
  requested(1),
  { kind: "wire.response", turn: 1, attempt: 1, status: 200, headers: {} },
  ...wireEvents(1, 2),
  completed(1, "Reading.", [{ id: "c1", name: "nope" }]),
  ...stage("c1", "lookup", "error", "unknown tool"),
  {
    kind: "tool.result",
    callId: "c1",
    turn: 1,
    name: "nope",
    content: "no",
    isError: true,
    errorKind: "unknown_tool",
  },
  { kind: "run.finished", runId: "r1", reason: "end_turn", syntheticResults: [] },
]);
const NODES = projectRunGraph(LOG).nodes;

/** A copy of a node with one value changed to another of a different sort. */
function changeValue(value: unknown): unknown {
  if (Array.isArray(value)) return [...(value as unknown[]), 99];
  if (typeof value === "number") return value + 1;
  if (typeof value === "boolean") return !value;
  return `${String(value)}!`;
}

/** A node with fields no node type has yet, as a type added later would give it. */
const withFields = (node: GraphNode, fields: Record<string, unknown>): GraphNode =>
  Object.assign({}, node, fields);

/** Stores `before`, sets `after` in its place, and says whether its id was notified. */
function notifies(before: GraphNode, after: GraphNode): boolean {
  const store = createNodeStore([before]);
  let count = 0;
  store.subscribe(before.id, () => count++);
  store.setNodes([after]);
  return count > 0;
}

describe("isSameNode compares every field shallowly", () => {
  it("covers every kind of node", () => {
    expect(new Set(NODES.map((n) => n.kind))).toEqual(
      new Set(["user", "request-section", "stream", "block", "stage", "error-result", "results", "run-end"]),
    );
  });

  it("updates a node when any one of its fields changes", () => {
    let checked = 0;
    for (const before of NODES) {
      for (const [key, value] of Object.entries(before)) {
        if (key === "id" || value === undefined) continue;
        const after = withFields(before, { [key]: changeValue(value) });
        expect({ id: before.id, key, same: isSameNode(before, after) }).toEqual({
          id: before.id,
          key,
          same: false,
        });
        expect(notifies(before, after)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(NODES.length * 7);
  });

  it("updates a node when a field no node type has yet appears, changes or goes", () => {
    const before = NODES.find((n) => n.kind === "stage")!;
    const later = withFields(before, { laterField: "a" });
    expect(notifies(before, later)).toBe(true);
    expect(notifies(later, withFields(later, { laterField: "b" }))).toBe(true);
    expect(notifies(later, before)).toBe(true);
    const nested = withFields(before, { laterList: [1, 2], laterObject: { a: 1 } });
    expect(notifies(nested, withFields(nested, { laterList: [1, 3] }))).toBe(true);
    expect(notifies(nested, withFields(nested, { laterObject: { a: 2 } }))).toBe(true);
    expect(notifies(nested, withFields(nested, { laterObject: { a: 1, b: 1 } }))).toBe(true);
  });

  it("keeps an identical node (a deep copy, seqs and all) without notifying", () => {
    for (const before of NODES) {
      const copy = structuredClone(before);
      expect(isSameNode(before, copy)).toBe(true);
      expect(notifies(before, copy)).toBe(false);
    }
    const stage = NODES.find((n) => n.kind === "stage")!;
    expect(notifies(withFields(stage, { laterField: undefined }), { ...stage })).toBe(false);
  });

  it("compares arrays and objects one level down only", () => {
    const before = withFields(NODES[0]!, { later: [{ a: 1 }] });
    expect(isSameNode(before, withFields(before, { later: [{ a: 1 }] }))).toBe(false);
    const shared = { a: 1 };
    const withShared = withFields(NODES[0]!, { later: [shared] });
    expect(isSameNode(withShared, withFields(withShared, { later: [shared] }))).toBe(true);
  });
});
