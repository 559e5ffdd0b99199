import { describe, expect, it } from "vitest";
import { SeqCounter } from "./seqs";

describe("SeqCounter", () => {
  it("reads a session's highest stored seq once, then counts on from it", () => {
    const reads: string[] = [];
    const seqs = new SeqCounter((id) => (reads.push(id), id === "old" ? 41 : null));
    expect(seqs.peek("old")).toBe(42);
    expect(seqs.take("old")).toBe(42);
    expect(seqs.take("old")).toBe(43);
    expect(seqs.take("new")).toBe(0);
    expect(reads).toEqual(["old", "old", "new"]);
    seqs.start("fresh");
    expect(seqs.peek("fresh")).toBe(0);
  });

  it("gives back what a rolled-back transaction took, nested ones included, and nothing else", () => {
    const seqs = new SeqCounter(() => null);
    seqs.take("a");
    const outer = seqs.open();
    seqs.take("a");
    const inner = seqs.open();
    seqs.take("a");
    seqs.take("b");
    seqs.restore(inner);
    seqs.close();
    expect([seqs.peek("a"), seqs.peek("b")]).toEqual([2, 0]);
    seqs.take("b");
    seqs.restore(outer);
    seqs.close();
    expect([seqs.peek("a"), seqs.peek("b")]).toEqual([1, 0]);
  });

  it("a seq given back stays given back when the transaction is rolled back after", () => {
    const seqs = new SeqCounter(() => 9);
    const journal = seqs.open();
    expect([seqs.take("a"), seqs.take("a"), seqs.take("a")]).toEqual([10, 11, 12]);
    seqs.giveBack("a", 11, journal);
    expect(seqs.peek("a")).toBe(11);
    seqs.restore(journal);
    seqs.close();
    expect(seqs.peek("a")).toBe(10);
    seqs.forget("a");
    expect(seqs.peek("a")).toBe(10);
  });
});
