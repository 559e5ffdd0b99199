/**
 * Every recorded Chat Completions stream fixture assembles to the `expected` result in
 * MANIFEST.json.
 */
import { describe, expect, it } from "vitest";
import { decodeSse } from "@/lib/protocol/sse";
import { assembleOpenAIChatStream, snapshotToolArguments } from "@/lib/protocol/openai-chat/assemble";
import { listStreamFixtures, readFixtureText, readManifest } from "@/lib/protocol/testing/fixtures";

const manifest = readManifest();
const fixtures = listStreamFixtures("openai-chat-");

interface ExpectedToolCall {
  index: number;
  id: string;
  type: string;
  name: string;
  arguments: string;
  parsed_arguments: unknown;
}

interface ExpectedChoice {
  index: number;
  role: string;
  content: string | null;
  finish_reason: string;
  tool_calls: ExpectedToolCall[];
}

describe("OpenAI chat stream fixtures assemble to MANIFEST.json's expected result", () => {
  it("covers both chat stream fixtures", () => {
    expect(fixtures).toEqual(["openai-chat-stream-parallel-tools.sse", "openai-chat-stream-tool-call.sse"]);
  });

  describe.each(fixtures)("%s", (name) => {
    const expected = manifest[name]!.expected;
    const { events, notes } = decodeSse(readFixtureText(name));
    const assembly = assembleOpenAIChatStream(events);

    it("decodes to unnamed messages (the SSE default type `message`), chunks then [DONE]", () => {
      expect(notes).toEqual([]);
      expect(events).toHaveLength(expected.sse_events!);
      expect(events.map((event) => event.event ?? "message")).toEqual(expected.event_names);
      expect(events.filter((event) => event.data !== "[DONE]")).toHaveLength(expected.chunks as number);
      expect(events.at(-1)!.data).toBe("[DONE]");
      expect(assembly.done).toBe(expected.done_sentinel);
      expect(assembly.error).toBeUndefined();
      expect(assembly.notes).toEqual([]);
    });

    it("assembles the choice: role, content, finish_reason and tool calls by index", () => {
      const choices = expected.choices as ExpectedChoice[];
      expect(assembly.completion!.choices).toHaveLength(choices.length);
      for (const want of choices) {
        const got = assembly.completion!.choices[want.index]!;
        expect(got.index).toBe(want.index);
        expect(got.finish_reason).toBe(want.finish_reason);
        expect(got.message.role).toBe(want.role);
        expect(got.message.content).toBe(want.content);
        expect(got.message.refusal).toBeNull();
        expect(got.message.tool_calls).toEqual(
          want.tool_calls.map((call) => ({
            id: call.id,
            type: call.type,
            function: { name: call.name, arguments: call.arguments },
          })),
        );
      }
    });

    it("keeps each call's raw arguments, whose partial parse at the end is the parsed arguments", () => {
      const calls = (expected.choices as ExpectedChoice[])[0]!.tool_calls;
      expect(assembly.partialJson).toEqual(
        Object.fromEntries(calls.map((call) => [call.index, call.arguments])),
      );
      expect(snapshotToolArguments(assembly.partialJson)).toEqual(
        Object.fromEntries(calls.map((call) => [call.index, call.parsed_arguments])),
      );
    });

    it("takes usage from the final chunk with empty choices", () => {
      expect(assembly.completion!.usage).toEqual(expected.usage);
      expect(assembly.completion!.object).toBe("chat.completion");
    });
  });
});

describe("fixture specifics", () => {
  it("parallel tools: the second call starts only after the first one's arguments end", () => {
    const { events } = decodeSse(readFixtureText("openai-chat-stream-parallel-tools.sse"));
    const snapshots = events.map(
      (_, count) => assembleOpenAIChatStream(events.slice(0, count + 1)).partialJson,
    );
    const firstOfSecond = snapshots.findIndex((partial) => partial[1] !== undefined);
    expect(snapshots[firstOfSecond]).toEqual({
      0: '{"city": "Edinburgh", "country": "GB", "units": "c"}',
      1: "",
    });
    expect(snapshotToolArguments(snapshots[4]!)).toEqual({ 0: { city: "Edinb" } });
  });
});
