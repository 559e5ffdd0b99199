import { describe, expect, it } from "vitest";
import type { SessionSummary } from "@/lib/contract/sessions";
import { buildSessionTree } from "./session-tree";

const session = (id: string, parentId?: string, forkSeq?: number): SessionSummary => ({
  id,
  title: id,
  createdAt: 0,
  provider: { kind: "offline" },
  eventCount: 1,
  status: "idle",
  source: "run",
  ...(parentId === undefined ? {} : { parentId, forkSeq }),
});

const shape = (sessions: SessionSummary[]) =>
  buildSessionTree(sessions).map(({ session: s, depth }) => `${s.id}@${depth}`);

describe("the sessions tree", () => {
  it("keeps a list without forks flat and in order", () => {
    expect(shape([session("b"), session("a")])).toEqual(["b@0", "a@0"]);
  });

  it("puts forks under their parent, forks of forks deeper", () => {
    const list = [
      session("c2", "p", 3),
      session("g", "c1", 9),
      session("q"),
      session("c1", "p", 2),
      session("p"),
    ];
    expect(shape(list)).toEqual(["q@0", "p@0", "c2@1", "c1@1", "g@2"]);
  });

  it("shows a fork whose parent is gone as a root", () => {
    expect(shape([session("c", "gone", 2), session("a")])).toEqual(["c@0", "a@0"]);
  });

  it("never drops a session caught in a cycle", () => {
    expect(shape([session("x", "y", 1), session("y", "x", 1)])).toEqual(["x@0", "y@1"]);
  });
});
