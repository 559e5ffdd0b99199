import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scanArray, scanObject } from "./json-scan";

/** Every JSON value's members (or items) as the scan finds them, each parsed. */
function membersOf(text: string): [string, unknown][] | null {
  const members = scanObject(text, text.search(/\S/));
  return (
    members &&
    members.map((member) => [
      JSON.parse(member.key) as string,
      JSON.parse(text.slice(member.start, member.end)),
    ])
  );
}

const WIRE = path.join(process.cwd(), "fixtures/wire");
const jsons = readdirSync(WIRE).filter((name) => name.endsWith(".json"));

describe("scanning a JSON text's members without parsing it", () => {
  it("finds every member of every JSON fixture as JSON.parse reads it, written tight or spaced", () => {
    expect(jsons.length).toBeGreaterThan(10);
    const claude = readFileSync(
      path.join(process.cwd(), "fixtures/capture/claude-code-request.json"),
      "utf8",
    );
    for (const text of [...jsons.map((name) => readFileSync(path.join(WIRE, name), "utf8")), claude]) {
      const value = JSON.parse(text) as Record<string, unknown>;
      for (const written of [text, JSON.stringify(value), JSON.stringify(value, null, 2)])
        expect(membersOf(written)).toEqual(Object.entries(value));
    }
  });

  it("reads strings with escapes, brackets and quotes inside, and every kind of value", () => {
    const value = {
      'a"b': '}{][,:\\"',
      n: -1.5e-7,
      t: true,
      f: false,
      z: null,
      o: { deep: [[{}], []], s: "\u2028 é 😀" },
      e: [],
      "": {},
    };
    const text = JSON.stringify(value);
    expect(membersOf(text)).toEqual(Object.entries(value));
    expect(membersOf(` \n\t${JSON.stringify(value, null, "\t")}\r\n`)).toEqual(Object.entries(value));
    const list = JSON.stringify([1, "two", [3], { four: 4 }, null]);
    expect(scanArray(list, 0)!.map(([start, end]) => JSON.parse(list.slice(start, end)))).toEqual([
      1,
      "two",
      [3],
      { four: 4 },
      null,
    ]);
    expect(scanArray("[ ]", 0)).toEqual([]);
    expect(scanObject("{ }", 0)).toEqual([]);
  });

  it("answers null for what it cannot read", () => {
    for (const text of [
      '{"a":1',
      '{"a" 1}',
      '{"a":1,}',
      "[1,2",
      '{"a":"open}',
      "[]",
      "{a:1}",
      '{"a":1 "b":2}',
    ])
      expect(scanObject(text, 0), text).toBeNull();
    expect(scanArray("{}", 0)).toBeNull();
    expect(scanArray("[1 2]", 0)).toBeNull();
  });
});
