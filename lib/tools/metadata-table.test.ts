import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { readFirstSentence, renderToolTable } from "./metadata-table";
import { listBuiltinTools } from "./registry";

const README = path.join(__dirname, "..", "..", "README.md");

/** The text between the README's tool-table markers. */
function readReadmeTable(): string {
  const text = fs.readFileSync(README, "utf8");
  const match = /<!-- tools:start -->\n\n([\s\S]*?)\n\n<!-- tools:end -->/.exec(text);
  if (!match) throw new Error("README.md has no <!-- tools:start --> … <!-- tools:end --> section");
  return match[1] ?? "";
}

describe("the built-in tool table", () => {
  test("the README publishes exactly the table generated from the registry", () => {
    expect(readReadmeTable()).toBe(renderToolTable());
  });

  test("the section sits under '## Built-in tools', just before '## How it is built'", () => {
    const headings = fs
      .readFileSync(README, "utf8")
      .split("\n")
      .filter((line) => line.startsWith("## "));
    const index = headings.indexOf("## Built-in tools");
    expect(index).toBeGreaterThanOrEqual(0);
    expect(headings[index + 1]).toBe("## How it is built");
  });

  test("has a header, a separator and one row per built-in, in registry order", () => {
    const lines = renderToolTable().split("\n");
    expect(lines).toHaveLength(2 + listBuiltinTools().length);
    expect(lines[0]?.split("|").map((cell) => cell.trim())).toEqual([
      "",
      "tool",
      "what it does",
      "readOnly",
      "destructive",
      "idempotent",
      "concurrencySafe",
      "needsApproval",
      "timeoutMs",
      "",
    ]);
    expect(lines[1]).toMatch(/^\|( -{3,} \|)+$/);
    const names = lines.slice(2).map((line) => line.split("|")[1]?.trim());
    expect(names).toEqual(listBuiltinTools().map((tool) => `\`${tool.definition.name}\``));
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });

  test("shows charge_card as destructive, needing approval, with its timeout", () => {
    const row = renderToolTable()
      .split("\n")
      .find((line) => line.startsWith("| `charge_card`"));
    expect(
      row
        ?.split("|")
        .slice(3, 9)
        .map((cell) => cell.trim()),
    ).toEqual(["no", "yes", "no", "no", "yes", "5000"]);
  });

  test("escapes pipes and shows a missing value as a dash", () => {
    const table = renderToolTable([
      {
        definition: {
          name: "x",
          description: "Pipes | here. More.",
          input_schema: {},
          meta: { readOnly: true },
        },
        execute: async () => ({ content: "", isError: false }),
      },
    ]);
    expect(table.split("\n")[2]).toBe(
      "| `x`  | Pipes \\| here. | yes      | —           | —          | —               | —             | —         |",
    );
  });
});

describe("readFirstSentence", () => {
  test.each([
    ["Fetch a page. Then more.", "Fetch a page."],
    ["Only one sentence", "Only one sentence"],
    ["Pages on example.com only. Next.", "Pages on example.com only."],
    ["Ids (ord_0001, …). Rest", "Ids (ord_0001, …)."],
    ["Use e.g. this one. Next", "Use e.g. this one."],
  ])("%s → %s", (description, expected) => {
    expect(readFirstSentence(description)).toBe(expected);
  });
});
