import { describe, expect, test } from "vitest";
import { respondOffline } from "./respond";
import type { OfflineMessageParam, OfflineRequest, OfflineToolChoice } from "./types";
import { ALL_TOOLS, TOOL_META } from "./__fixtures__/tools";

type Call = { tool: string; input: Record<string, unknown> };

interface Row {
  message: string;
  /** The calls the model made on the turn before (their results and a summary follow). */
  previous?: Call | Call[];
  expected: Call[];
  choice?: OfflineToolChoice;
}

const call = (tool: string, input: Record<string, unknown> = {}): Call => ({ tool, input });
const weather = (city: string, unit?: string) => call("get_weather", unit ? { city, unit } : { city });
const read = (path: string) => call("read_file", { path });

const TABLE: Row[] = [
  // Several calls from one message, in one batch.
  {
    message: "What is the weather in Paris and what is in notes/todo.md?",
    expected: [weather("Paris"), read("notes/todo.md")],
  },
  { message: "weather in Paris and Cairo", expected: [weather("Paris"), weather("Cairo")] },
  {
    message: "Weather in Paris in fahrenheit and Tokyo",
    expected: [weather("Paris", "fahrenheit"), weather("Tokyo", "fahrenheit")],
  },
  {
    message: "Read notes/todo.md and notes/ideas.md",
    expected: [read("notes/todo.md"), read("notes/ideas.md")],
  },
  {
    message: "List the files in notes/. Then read notes/todo.md",
    expected: [call("list_dir", { path: "notes/" }), read("notes/todo.md")],
  },
  { message: "Weather in Paris and Paris", expected: [weather("Paris")] },
  // One call: "and" inside a quote, or a clause that only continues the call.
  {
    message: 'Write "salt and pepper" to notes/list.md',
    expected: [call("write_file", { path: "notes/list.md", content: "salt and pepper" })],
  },
  {
    message: 'Send an email to bob@example.com with subject "Lunch" and body "See you at noon"',
    expected: [call("send_email", { to: "bob@example.com", subject: "Lunch", body: "See you at noon" })],
  },
  { message: "What is in notes/todo.md and please be quick", expected: [read("notes/todo.md")] },
  // A clause naming a tool without its required value does not split the message.
  { message: "Read e.g. notes.txt", expected: [read("notes.txt")] },
  // One call only when the request says so.
  {
    message: "weather in Paris and Cairo",
    choice: { type: "auto", disable_parallel_tool_use: true },
    expected: [weather("Paris")],
  },
  // Follow-ups carry the last call's arguments.
  { message: "And in Cairo?", previous: weather("Paris"), expected: [weather("Cairo")] },
  {
    message: "And in fahrenheit?",
    previous: weather("Paris"),
    expected: [weather("Paris", "fahrenheit")],
  },
  {
    message: "What about Tokyo and London?",
    previous: weather("Paris", "fahrenheit"),
    expected: [weather("Tokyo", "fahrenheit"), weather("London", "fahrenheit")],
  },
  { message: "Cairo?", previous: weather("Paris"), expected: [weather("Cairo")] },
  // After several calls, a follow-up goes to the last call it gives a value to.
  {
    message: "And in Cairo?",
    previous: [weather("Paris"), read("notes/todo.md")],
    expected: [weather("Cairo")],
  },
  {
    message: "and notes/ideas.md?",
    previous: [weather("Paris"), read("notes/todo.md")],
    expected: [read("notes/ideas.md")],
  },
  // A name is not a path: read_file takes no "Cairo".
  { message: "And Cairo?", previous: read("notes/todo.md"), expected: [] },
  { message: "and notes/ideas.md?", previous: read("notes/todo.md"), expected: [read("notes/ideas.md")] },
  {
    message: "and notes/b.md?",
    previous: call("write_file", { path: "notes/a.md", content: "hi" }),
    expected: [call("write_file", { path: "notes/b.md", content: "hi" })],
  },
  // Naming a tool is not a follow-up; words that name no value are not either.
  {
    message: "Now read notes/a.md",
    previous: call("write_file", { path: "x.md", content: "hi" }),
    expected: [read("notes/a.md")],
  },
  { message: "Great, that helps", previous: weather("Paris"), expected: [] },
  { message: "thanks!", previous: weather("Paris"), expected: [] },
  { message: "And in Cairo?", previous: weather("Paris"), choice: { type: "none" }, expected: [] },
];

/** The conversation before a row's message: the previous call, its result and a summary. */
function listHistory(previous: Call | Call[] | undefined): OfflineMessageParam[] {
  if (!previous) return [];
  const calls = Array.isArray(previous) ? previous : [previous];
  return [
    { role: "user", content: "first" },
    {
      role: "assistant",
      content: calls.map((made, index) => ({
        type: "tool_use",
        id: `toolu_${index}`,
        name: made.tool,
        input: made.input,
      })) as never,
    },
    {
      role: "user",
      content: calls.map((_made, index) => ({
        type: "tool_result",
        tool_use_id: `toolu_${index}`,
        content: "ok",
      })) as never,
    },
    { role: "assistant", content: "Done." },
  ];
}

function createRowRequest(row: Row): OfflineRequest {
  return {
    model: "offline-1",
    max_tokens: 1024,
    tools: ALL_TOOLS,
    ...(row.choice ? { tool_choice: row.choice } : {}),
    messages: [...listHistory(row.previous), { role: "user", content: row.message }],
  };
}

describe("the offline model plans several calls, and follow-ups, from one message", () => {
  test.each(TABLE.map((row, index) => [index, JSON.stringify(row.message), row] as const))(
    "row %i: %s",
    (_index, _label, row) => {
      const message = respondOffline(createRowRequest(row), { toolMeta: TOOL_META });
      const calls = message.content.flatMap((block) =>
        block.type === "tool_use" ? [{ tool: block.name, input: block.input }] : [],
      );
      expect(calls).toEqual(row.expected);
      calls.forEach((planned, index) =>
        expect(JSON.stringify(planned.input)).toBe(JSON.stringify(row.expected[index]?.input)),
      );
      expect(message.stop_reason).toBe(row.expected.length > 0 ? "tool_use" : "end_turn");
      expect(message.content.map((block) => block.type)).toEqual(
        row.expected.length > 0 ? ["text", ...row.expected.map(() => "tool_use")] : ["text"],
      );
    },
  );

  test("several calls get one preface naming each, and distinct ids", () => {
    const message = respondOffline(createRowRequest(TABLE[0]!), { toolMeta: TOOL_META });
    expect(message.content[0]).toEqual({
      type: "text",
      text: `I'll make 2 calls at once: get_weather with city "Paris"; read_file with path "notes/todo.md".`,
    });
    const ids = message.content.flatMap((block) => (block.type === "tool_use" ? [block.id] : []));
    expect(new Set(ids).size).toBe(2);
  });
});
