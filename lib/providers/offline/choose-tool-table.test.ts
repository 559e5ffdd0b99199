import { describe, expect, test } from "vitest";
import { respondOffline } from "./respond";
import type { OfflineRequest, OfflineToolChoice, OfflineToolInput } from "./types";
import {
  ALL_TOOLS,
  CALCULATOR,
  GET_WEATHER,
  HTTP_GET,
  LIST_DIR,
  READ_FILE,
  TOOL_META,
  WORKSPACE_TOOLS,
  WRITE_FILE,
} from "./__fixtures__/tools";

interface Row {
  message: string;
  /** The tool called and its exact input, or `null` for a text-only reply. */
  expected: { tool: string; input: Record<string, unknown> } | null;
  tools?: readonly OfflineToolInput[];
  choice?: OfflineToolChoice;
}

const call = (tool: string, input: Record<string, unknown> = {}) => ({ tool, input });

const TABLE: Row[] = [
  { message: "What is in notes/todo.md?", expected: call("read_file", { path: "notes/todo.md" }) },
  { message: "List the files in notes/", expected: call("list_dir", { path: "notes/" }) },
  {
    message: "Write 'buy milk' to notes/todo.md",
    expected: call("write_file", { path: "notes/todo.md", content: "buy milk" }),
  },
  {
    message: "Write “Hello, world” to src/hello.txt",
    expected: call("write_file", { path: "src/hello.txt", content: "Hello, world" }),
  },
  { message: "Show me README.md", expected: call("read_file", { path: "README.md" }) },
  { message: "Read e.g. notes.txt", expected: call("read_file", { path: "notes.txt" }) },
  { message: "read the file", expected: call("read_file") },
  {
    message: "What's the weather in Paris in fahrenheit?",
    expected: call("get_weather", { city: "Paris", unit: "fahrenheit" }),
  },
  { message: "Weather in New York", expected: call("get_weather", { city: "New York" }) },
  {
    message: "weather in Zürich, in Celsius please",
    expected: call("get_weather", { city: "Zürich", unit: "celsius" }),
  },
  { message: 'Use the calculator on "17 * 23"', expected: call("calculator", { expression: "17 * 23" }) },
  { message: "calculate 2 + 2", expected: null },
  {
    message: 'Send an email to bob@example.com with subject "Lunch" and body "See you at noon"',
    expected: call("send_email", { to: "bob@example.com", subject: "Lunch", body: "See you at noon" }),
  },
  {
    message: "Fetch the web page https://example.com/docs?page=2.",
    expected: call("http_get", { url: "https://example.com/docs?page=2" }),
  },
  {
    message: "Set a timer for 2.5 minutes, repeat 3 times, loud",
    expected: call("set_timer", { minutes: 2.5, repeat: 3, loud: true }),
  },
  { message: "Start a timer: repeat 1.5 then 4", expected: call("set_timer", { minutes: 1.5, repeat: 4 }) },
  { message: "hello there", expected: null },
  { message: "", expected: null },
  { message: "__proto__ constructor toString hasOwnProperty valueOf", expected: null },
  { message: "天気はどうですか？", expected: null },
  // A bare path: read_file requires a path (2 + 1), list_dir only takes one (2 + 1 − 1), in either order.
  {
    message: "notes/a.md",
    tools: [READ_FILE, LIST_DIR],
    expected: call("read_file", { path: "notes/a.md" }),
  },
  {
    message: "notes/a.md",
    tools: [LIST_DIR, READ_FILE],
    expected: call("read_file", { path: "notes/a.md" }),
  },
  // Equal scores and equal required counts keep the order of `tools`.
  {
    message: "notes/a.md",
    tools: [{ ...LIST_DIR, input_schema: { ...LIST_DIR.input_schema, required: ["path"] } }, READ_FILE],
    expected: call("list_dir", { path: "notes/a.md" }),
  },
  // Equal scores above 0: the tool needing fewer arguments the message does not give wins.
  {
    message: "notes/a.md",
    tools: [WRITE_FILE, { ...READ_FILE, name: "show_file" }],
    expected: call("show_file", { path: "notes/a.md" }),
  },
  // "get" names both tools; get_weather's description says "Get" too, so it wins.
  { message: "get it", tools: [HTTP_GET, GET_WEATHER], expected: call("get_weather") },
  // Read-only comes from the tool's own `meta` when the caller gives no toolMeta entry.
  {
    message: "notes/",
    tools: [WRITE_FILE, { ...LIST_DIR, meta: { readOnly: true } }],
    expected: call("list_dir", { path: "notes/" }),
  },
  { message: "What is in notes/todo.md?", tools: [], expected: null },
  { message: "What is in notes/todo.md?", choice: { type: "none" }, expected: null },
  {
    message: "hello '1 + 1'",
    choice: { type: "tool", name: "calculator" },
    expected: call("calculator", { expression: "1 + 1" }),
  },
  { message: "hello there", choice: { type: "any" }, expected: call("read_file") },
  { message: "hello there", tools: [CALCULATOR], choice: { type: "auto" }, expected: null },
  { message: "List the files", tools: WORKSPACE_TOOLS, expected: call("list_dir") },
];

/** The request for a table row. */
function createRowRequest(row: Row): OfflineRequest {
  return {
    model: "offline-1",
    max_tokens: 1024,
    tools: row.tools ?? ALL_TOOLS,
    ...(row.choice ? { tool_choice: row.choice } : {}),
    messages: [{ role: "user", content: row.message }],
  };
}

describe("the offline model picks the tool and arguments a message names", () => {
  test("the table has at least 20 rows", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(20);
  });

  test.each(TABLE.map((row, index) => [index, JSON.stringify(row.message), row] as const))(
    "row %i: %s",
    (_index, _label, row) => {
      const message = respondOffline(createRowRequest(row), { toolMeta: TOOL_META });
      const calls = message.content.flatMap((block) =>
        block.type === "tool_use" ? [{ tool: block.name, input: block.input }] : [],
      );
      if (row.expected === null) {
        expect(calls).toEqual([]);
        expect(message.stop_reason).toBe("end_turn");
        expect(message.content).toHaveLength(1);
        return;
      }
      expect(calls).toEqual([row.expected]);
      // Exact key order too: arguments keep the schema's property order.
      expect(JSON.stringify(calls[0]?.input)).toBe(JSON.stringify(row.expected.input));
      expect(message.stop_reason).toBe("tool_use");
      expect(message.content.map((block) => block.type)).toEqual(["text", "tool_use"]);
    },
  );
});
