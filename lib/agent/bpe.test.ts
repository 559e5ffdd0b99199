import fs from "node:fs";
import path from "node:path";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { describe, expect, it } from "vitest";
import { readBpeRanks } from "./bpe";

const table = readBpeRanks(o200k.bpe_ranks);
/** The library's own encoder: the counts must be its counts. */
const reference = new Tiktoken(o200k);
const referenceRanks = (reference as unknown as { rankMap: Map<string, number> }).rankMap;
const utf8 = new TextEncoder();
const PIECES = new RegExp(o200k.pat_str, "gu");

function count(text: string): number {
  let total = 0;
  for (const [piece] of text.matchAll(PIECES)) {
    const bytes = utf8.encode(piece);
    total += table.countTokens(bytes, bytes.length);
  }
  return total;
}

/** tiktoken's merge as its Rust source writes it: the lowest-ranked pair, leftmost of equals, by scans. */
function countByScans(bytes: Uint8Array): number {
  const rank = (start: number, end: number) =>
    referenceRanks.get(bytes.slice(start, end).join(",")) ?? Infinity;
  if (bytes.length <= 1) return bytes.length;
  if (rank(0, bytes.length) !== Infinity) return 1;
  const starts = Array.from({ length: bytes.length + 1 }, (_, index) => index);
  for (;;) {
    let best = Infinity;
    let at = -1;
    for (let index = 0; index + 2 < starts.length; index++) {
      const pair = rank(starts[index]!, starts[index + 2]!);
      if (pair < best) [best, at] = [pair, index];
    }
    if (at < 0) return starts.length - 1;
    starts.splice(at + 1, 1);
  }
}

/** A seeded generator, so a failure names a text that can be made again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function readFixtureTexts(): { name: string; text: string }[] {
  const root = path.join(process.cwd(), "fixtures");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else files.push(path.join(dir, entry.name));
  };
  walk(root);
  return files.map((file) => ({ name: path.relative(root, file), text: fs.readFileSync(file, "utf8") }));
}

describe("readBpeRanks", () => {
  it("holds every token of o200k_base at the library's rank", () => {
    expect(table.size).toBe(referenceRanks.size);
    for (const [key, rank] of referenceRanks) {
      const bytes = Uint8Array.from(key.split(","), Number);
      expect(table.rankOf(bytes, 0, bytes.length)).toBe(rank);
    }
  });

  it("finds a token inside a longer buffer and no token where there is none", () => {
    const bytes = utf8.encode("xx hello yy");
    expect(table.rankOf(bytes, 2, 8)).toBe(referenceRanks.get([...utf8.encode(" hello")].join(",")));
    expect(table.rankOf(utf8.encode("\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000"), 0, 8)).toBe(-1);
  });

  it("keeps a token's later rank when the ranks list it twice, and refuses a word that is not base64", () => {
    const twice = readBpeRanks("! 0 YQ== Yg==\n! 5 YQ==\n");
    expect(twice.size).toBe(2);
    expect(twice.rankOf(utf8.encode("a"), 0, 1)).toBe(5);
    expect(() => readBpeRanks("! 0 Y*==\n")).toThrow('bpe ranks: "Y*==" is not base64');
    expect(() => readBpeRanks("! x YQ==\n")).toThrow("has no first rank");
  });
});

describe("countTokens", () => {
  it.each(readFixtureTexts())("counts $name as the library does", ({ text }) => {
    expect(count(text)).toBe(reference.encode(text, [], []).length);
  });

  it("counts 300 random long pieces as tiktoken's own merge does", () => {
    const next = random(7);
    const alphabets = [
      "ab",
      "abc",
      "etaoinshr",
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
      "=-*#",
      " ",
    ];
    for (let round = 0; round < 300; round++) {
      const alphabet = alphabets[round % alphabets.length]!;
      const length = 2 + Math.floor(next() * 400);
      let text = "";
      for (let index = 0; index < length; index++) text += alphabet[Math.floor(next() * alphabet.length)];
      const bytes = utf8.encode(text);
      expect(table.countTokens(bytes, bytes.length), text).toBe(countByScans(bytes));
    }
  });

  it("counts only the bytes it is given of a longer buffer", () => {
    const bytes = utf8.encode("internationalization and more");
    expect(table.countTokens(bytes, 20)).toBe(countByScans(bytes.slice(0, 20)));
    expect(table.countTokens(bytes, 1)).toBe(1);
    expect(table.countTokens(bytes, 0)).toBe(0);
  });

  it("counts a megabyte that is one piece (one letter, and random letters)", () => {
    const same = utf8.encode("a".repeat(1_000_000));
    const sameCount = table.countTokens(same, same.length);
    expect(sameCount).toBeGreaterThan(0);
    // A run of one letter merges into the same few tokens over and over.
    expect(table.countTokens(utf8.encode("a".repeat(2000)), 2000)).toBe(
      countByScans(utf8.encode("a".repeat(2000))),
    );
    const next = random(11);
    let text = "";
    for (let index = 0; index < 1_000_000; index++) text += String.fromCharCode(97 + Math.floor(next() * 26));
    const letters = utf8.encode(text);
    const lettersCount = table.countTokens(letters, letters.length);
    expect(lettersCount).toBeGreaterThan(100_000);
    expect(lettersCount).toBeLessThan(1_000_000);
  });
});
