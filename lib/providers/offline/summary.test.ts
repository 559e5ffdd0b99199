import { describe, expect, test } from "vitest";
import type { ToolResultView } from "./read-request";
import { describeResult, summarizeResults } from "./summary";

/** A successful result of `toolName` called with `input`. */
function result(toolName: string | null, content: string, input?: Record<string, unknown>): ToolResultView {
  return { toolUseId: "toolu_1", toolName, content, isError: false, ...(input ? { input } : {}) };
}

const PARIS = JSON.stringify({
  city: "Paris",
  country: "FR",
  temperature: 18,
  unit: "celsius",
  condition: "partly cloudy",
  humidity_percent: 62,
  wind_kph: 14,
});

describe("the offline model sums up a result in a sentence built from its fields", () => {
  test.each([
    [
      result("get_weather", PARIS, { city: "Paris" }),
      "In Paris (FR) it is 18 °C and partly cloudy, with 62% humidity and wind at 14 km/h.",
    ],
    [
      result("get_weather", JSON.stringify({ city: "Cairo", temperature: 95.9, unit: "fahrenheit" })),
      "In Cairo it is 95.9 °F.",
    ],
    [result("get_weather", "not json"), 'get_weather returned "not json".'],
    [
      result("read_file", "# Todo\n\n- buy milk\n- call Bob", { path: "notes/todo.md" }),
      'notes/todo.md reads: "# Todo - buy milk - call Bob".',
    ],
    [result("read_file", "", { path: "empty.md" }), "empty.md is empty."],
    [
      result("list_dir", "ideas.md\ntodo.md\ndrafts/", { path: "notes/" }),
      "notes/ has 3 entries: ideas.md, todo.md and drafts/.",
    ],
    [
      result("list_dir", "a\nb\nc\nd\ne\nf\ng\nh"),
      "The directory has 8 entries: a, b, c, d, e, f and 2 more.",
    ],
    [result("list_dir", "only.md", { path: "." }), ". has 1 entry: only.md."],
    [result("calculator", "17 * 23 = 391", { expression: "17 * 23" }), "17 * 23 = 391."],
    [result("write_file", "Wrote 8 characters to notes/a.md."), "Wrote 8 characters to notes/a.md."],
    [
      result("http_get", "HTTP/1.1 200 OK\ncontent-type: text/html\n\n<h1>Example Domain</h1>", {
        url: "https://example.com/",
      }),
      'https://example.com/ answered 200 OK: "<h1>Example Domain</h1>".',
    ],
    [
      result("charge_card", JSON.stringify({ charge_id: "ch_1", amount: 49.99, status: "succeeded" })),
      "charge_card returned charge_id ch_1, amount 49.99 and status succeeded.",
    ],
    [result("Read", "# Notes\nBuy milk."), 'Read returned "# Notes Buy milk.".'],
    [result(null, "ok"), 'The tool call toolu_1 returned "ok".'],
    [
      { toolUseId: "t", toolName: "get_weather", content: 'Unknown city "Atlantis".', isError: true },
      'The call to get_weather failed: Unknown city "Atlantis".',
    ],
  ])("%j → %s", (view, sentence) => {
    expect(describeResult(view)).toBe(sentence);
  });

  test("several results: one sentence each, in order", () => {
    expect(
      summarizeResults([
        result("get_weather", PARIS),
        result("read_file", "- milk", { path: "notes/todo.md" }),
      ]),
    ).toBe(
      'In Paris (FR) it is 18 °C and partly cloudy, with 62% humidity and wind at 14 km/h. notes/todo.md reads: "- milk".',
    );
  });
});
