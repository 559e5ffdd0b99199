import { describe, expect, it } from "vitest";
import type { NewEvent } from "./events";
import {
  diffContext,
  projectContextDiffs,
  readCacheReport,
  readToolName,
  stripMarkers,
} from "./context-diff";
import { buildLog } from "./testing/build-log";

const read = { name: "Read", description: "Reads a file", input_schema: { type: "object" } };
const bash = { name: "Bash", description: "Runs a command", input_schema: { type: "object" } };
const user = { role: "user", content: [{ type: "text", text: "What is in notes.md?" }] };
const call = { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Read", input: {} }] };
const result = { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "hi" }] };

const first = { model: "m", tools: [read, bash], system: "Be brief.", messages: [user] };
const second = { model: "m", tools: [read, bash], system: "Be brief.", messages: [user, call, result] };

describe("diffContext", () => {
  it("a first request: all new, no previous, no break, nothing cacheable", () => {
    const diff = diffContext(null, first);
    expect(diff.hasPrevious).toBe(false);
    expect(diff.tools).toEqual({
      added: ["Read", "Bash"],
      removed: [],
      changed: [],
      reordered: false,
      count: 2,
    });
    expect(diff.system).toEqual({ status: "added", firstDifference: 0 });
    expect(diff.history).toEqual({ kept: 0, appended: 1, rewritten: 0, count: 1 });
    expect(diff.otherChanged).toEqual([]);
    expect(diff.prefixBreak).toBeNull();
    expect(diff.prefixUnits).toBe(0);
  });

  it("an appended turn keeps the whole previous request as the prefix", () => {
    const diff = diffContext(first, second);
    expect(diff.tools).toEqual({ added: [], removed: [], changed: [], reordered: false, count: 2 });
    expect(diff.system).toEqual({ status: "unchanged", firstDifference: null });
    expect(diff.history).toEqual({ kept: 1, appended: 2, rewritten: 0, count: 3 });
    expect(diff.prefixBreak).toBeNull();
    expect(diff.prefixUnits).toBe(4); // two tools, the system prompt, one message
  });

  it("a changed tool breaks the prefix at that tool, by name", () => {
    const edited = { ...bash, description: "Runs a shell command" };
    const diff = diffContext(first, { ...second, tools: [read, edited] });
    expect(diff.tools.changed).toEqual(["Bash"]);
    expect(diff.prefixBreak).toEqual({ section: "tools", index: 1, label: "Bash" });
    expect(diff.prefixUnits).toBe(1);
  });

  it("an added and a removed tool are named; a new tool at the end breaks before the system prompt", () => {
    const write = { name: "Write", input_schema: { type: "object" } };
    const added = diffContext(first, { ...second, tools: [read, bash, write] });
    expect(added.tools.added).toEqual(["Write"]);
    expect(added.prefixBreak).toEqual({ section: "tools", index: 2, label: "Write" });
    const removed = diffContext(first, { ...second, tools: [read] });
    expect(removed.tools.removed).toEqual(["Bash"]);
    expect(removed.prefixBreak).toEqual({ section: "system", index: 0, label: null });
  });

  it("the same tools in another order: reordered, and the prefix breaks at the first tool", () => {
    const diff = diffContext(first, { ...second, tools: [bash, read] });
    expect(diff.tools).toMatchObject({ added: [], removed: [], changed: [], reordered: true });
    expect(diff.prefixBreak).toEqual({ section: "tools", index: 0, label: "Bash" });
  });

  it("a string system prompt: where the text first differs", () => {
    const diff = diffContext(first, { ...second, system: "Be brief. Today is Monday." });
    expect(diff.system).toEqual({ status: "changed", firstDifference: 9 });
    expect(diff.prefixBreak).toEqual({ section: "system", index: 0, label: null });
    expect(diff.prefixUnits).toBe(2);
  });

  it("a block system prompt: which block first differs; a removed or added system prompt", () => {
    const blocks = [
      { type: "text", text: "a" },
      { type: "text", text: "b" },
    ];
    const before = { ...first, system: blocks };
    const after = { ...second, system: [blocks[0], { type: "text", text: "c" }] };
    expect(diffContext(before, after).system).toEqual({ status: "changed", firstDifference: 1 });
    expect(diffContext(before, after).prefixBreak).toEqual({ section: "system", index: 1, label: null });
    expect(diffContext(before, { ...second, system: "a" }).system).toEqual({
      status: "changed",
      firstDifference: 0,
    });
    const { system: _dropped, ...withoutSystem } = second;
    expect(diffContext(first, withoutSystem).system.status).toBe("removed");
    expect(diffContext(withoutSystem, second).system.status).toBe("added");
    expect(diffContext(withoutSystem, withoutSystem).system.status).toBe("absent");
  });

  it("a rewritten history: how many messages were kept, rewritten and appended, and the break at the message", () => {
    const compacted = { role: "user", content: [{ type: "text", text: "Summary of the conversation" }] };
    const diff = diffContext(second, { ...second, messages: [compacted, call] });
    expect(diff.history).toEqual({ kept: 0, appended: 2, rewritten: 3, count: 2 });
    expect(diff.prefixBreak).toEqual({ section: "messages", index: 0, label: "user" });
  });

  it("a shorter history that is a prefix of the previous one breaks where the old one continued", () => {
    const diff = diffContext(second, first);
    expect(diff.history).toEqual({ kept: 1, appended: 0, rewritten: 2, count: 1 });
    expect(diff.prefixBreak).toEqual({ section: "messages", index: 1, label: "assistant" });
    expect(diff.prefixUnits).toBe(4);
  });

  it("a moved cache_control marker is not a change (Claude Code moves it to the last block)", () => {
    const marked = {
      role: "user",
      content: [{ type: "text", text: "What is in notes.md?", cache_control: { type: "ephemeral" } }],
    };
    const diff = diffContext({ ...first, messages: [marked] }, second);
    expect(diff.history.kept).toBe(1);
    expect(diff.prefixBreak).toBeNull();
  });

  it("other fields the client changed (model, thinking, …) are listed, sections not", () => {
    const diff = diffContext(first, { ...second, model: "n", thinking: { type: "adaptive" } });
    expect(diff.otherChanged).toEqual(["model", "thinking"]);
  });

  it("reads Responses and chat shapes: instructions/input and function tools", () => {
    const tool = { type: "function", function: { name: "get_weather", parameters: {} } };
    const a = { instructions: "x", tools: [tool], input: [{ type: "message", role: "user", content: "hi" }] };
    const b = {
      ...a,
      input: [...a.input, { type: "function_call", call_id: "c", name: "get_weather", arguments: "{}" }],
    };
    const diff = diffContext(a, b);
    expect(diff.history).toEqual({ kept: 1, appended: 1, rewritten: 0, count: 2 });
    expect(diff.tools.count).toBe(1);
    expect(
      diffContext(a, { ...b, input: [{ type: "function_call_output", call_id: "c", output: "" }] })
        .prefixBreak,
    ).toEqual({
      section: "messages",
      index: 0,
      label: "function_call_output",
    });
  });
});

describe("readToolName and stripMarkers", () => {
  it("names a tool by name, function.name, type, else its position", () => {
    expect(readToolName({ name: "Read" }, 0)).toBe("Read");
    expect(readToolName({ type: "function", function: { name: "f" } }, 0)).toBe("f");
    expect(readToolName({ type: "web_search" }, 0)).toBe("web_search");
    expect(readToolName(42, 3)).toBe("#3");
  });

  it("removes cache_control at any depth and keeps everything else", () => {
    expect(stripMarkers([{ a: 1, cache_control: {}, b: [{ cache_control: 1, c: null }] }])).toEqual([
      { a: 1, b: [{ c: null }] },
    ]);
  });
});

describe("readCacheReport", () => {
  it("Anthropic: cache reads and writes beside input_tokens", () => {
    const usage = { input_tokens: 5, cache_read_input_tokens: 1200, cache_creation_input_tokens: 30 };
    expect(readCacheReport({ format: "anthropic", message: { usage } })).toEqual({
      inputTokens: 5,
      cachedTokens: 1200,
      cacheWriteTokens: 30,
      field: "cache_read_input_tokens",
    });
  });

  it("OpenAI chat and Responses: cached_tokens in their details objects", () => {
    const chat = { usage: { prompt_tokens: 100, prompt_tokens_details: { cached_tokens: 64 } } };
    expect(readCacheReport({ format: "openai-chat", message: chat })).toEqual({
      inputTokens: 100,
      cachedTokens: 64,
      cacheWriteTokens: null,
      field: "cached_tokens",
    });
    const responses = { usage: { input_tokens: 90, input_tokens_details: { cached_tokens: 0 } } };
    expect(readCacheReport({ format: "openai-responses", message: responses }).cachedTokens).toBe(0);
  });

  it("an absent counter is null, not 0", () => {
    expect(readCacheReport({ format: "anthropic", message: {} })).toMatchObject({
      inputTokens: null,
      cachedTokens: null,
    });
    expect(readCacheReport({ format: "openai-chat", message: null }).cachedTokens).toBeNull();
  });
});

describe("projectContextDiffs", () => {
  const tokens = { tools: 1, system: 1, messages: 1, total: 3, tokenizer: "t" };
  const request = (turn: number, attempt: number, body: Record<string, unknown>): NewEvent => ({
    kind: "request.assembled",
    turn,
    attempt,
    format: "anthropic",
    body,
    tokens,
  });
  const completed = (turn: number, attempt: number, cached: number): NewEvent => ({
    kind: "turn.completed",
    turn,
    attempt,
    format: "anthropic",
    message: { usage: { input_tokens: 3, cache_read_input_tokens: cached } },
    unified: { role: "assistant", content: [] },
    stopReason: { unified: "end_turn", raw: "end_turn" },
    usage: { inputTokens: 3, outputTokens: 1 },
  });

  it("diffs each turn's last attempt against the turn before and pairs it with its own turn's usage", () => {
    const log = buildLog([
      request(1, 1, first),
      completed(1, 1, 0),
      request(2, 1, first),
      request(2, 2, second),
      completed(2, 2, 900),
    ]);
    const turns = projectContextDiffs(log);
    expect(turns.map((t) => [t.request.turn, t.request.attempt, t.previous?.turn ?? null])).toEqual([
      [1, 1, null],
      [2, 2, 1],
    ]);
    expect(turns[1]!.diff.history.appended).toBe(2);
    expect(turns.map((t) => t.cache?.cachedTokens)).toEqual([0, 900]);
  });

  it("stops at the cursor; a turn whose response has not completed has no cache report", () => {
    const log = buildLog([
      request(1, 1, first),
      completed(1, 1, 0),
      request(2, 1, second),
      completed(2, 1, 7),
    ]);
    expect(projectContextDiffs(log, 2).map((t) => [t.request.turn, t.cache])).toEqual([
      [1, expect.objectContaining({ cachedTokens: 0 })],
      [2, null],
    ]);
    expect(projectContextDiffs(log, -1)).toEqual([]);
  });

  it("a completed earlier attempt is not the cache report of a later one", () => {
    const log = buildLog([request(1, 1, first), completed(1, 1, 5), request(1, 2, first)]);
    expect(projectContextDiffs(log)[0]!.cache).toBeNull();
  });

  it("diffs a request once while it follows the same one, again when what it follows changes", () => {
    const third = { ...second, messages: [...second.messages, { role: "user", content: "more" }] };
    const log = buildLog([
      request(1, 1, first),
      request(2, 1, second),
      request(3, 1, third),
      request(2, 2, first),
    ]);
    const early = projectContextDiffs(log, 2);
    const again = projectContextDiffs(log, 2);
    expect(again.map((t) => t.diff)).toEqual(early.map((t) => t.diff));
    early.forEach((turn, index) => expect(again[index]!.diff).toBe(turn.diff));
    // Once turn 2's last request is its second attempt, turn 3 is compared with that one.
    const late = projectContextDiffs(log);
    expect(late[2]!.previous).toBe(log[3]);
    expect(late[2]!.diff).toEqual(diffContext(first, third));
    expect(late[2]!.diff).not.toBe(early[2]!.diff);
  });
});
