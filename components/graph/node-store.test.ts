import { describe, expect, it } from "vitest";
import type { GraphNode } from "@/lib/trace/graph/types";
import { createNodeStore } from "./node-store";

const node = (id: string, status: GraphNode["status"], seqs: number[] = []): GraphNode => ({
  id,
  kind: "stage",
  turn: 1,
  status,
  label: id,
  detail: "",
  seqs,
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
