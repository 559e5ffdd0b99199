/**
 * The recorded Responses stream fixture assembles to the `expected` result in MANIFEST.json.
 */
import { describe, expect, it } from "vitest";
import {
  assembleOpenAIResponsesStream,
  snapshotToolArguments,
} from "@/lib/protocol/openai-responses/assemble";
import { decodeSse } from "@/lib/protocol/sse";
import { listStreamFixtures, readFixtureText, readManifest } from "@/lib/protocol/testing/fixtures";

const manifest = readManifest();
const fixtures = listStreamFixtures("openai-responses-");

describe("OpenAI Responses stream fixtures assemble to MANIFEST.json's expected result", () => {
  it("covers the Responses stream fixture", () => {
    expect(fixtures).toEqual(["openai-responses-stream-function-call.sse"]);
  });

  describe.each(fixtures)("%s", (name) => {
    const expected = manifest[name]!.expected;
    const { events, notes } = decodeSse(readFixtureText(name));
    const assembly = assembleOpenAIResponsesStream(events);

    it("decodes to the expected named events, with no [DONE]", () => {
      expect(notes).toEqual([]);
      expect(events).toHaveLength(expected.sse_events!);
      expect(events.map((event) => event.event)).toEqual(expected.event_names);
      expect(events.some((event) => event.data === "[DONE]")).toBe(expected.done_sentinel);
    });

    it("assembles the output items by output_index and the final response", () => {
      const final = expected.final_response as Record<string, unknown>;
      expect(assembly.response!.output).toEqual(expected.output_items);
      for (const [key, value] of Object.entries(final)) expect(assembly.response![key], key).toEqual(value);
      expect(assembly.done).toBe(true);
      expect(assembly.error).toBeUndefined();
      expect(assembly.notes).toEqual([]);
    });

    it("keeps each function call's raw arguments, equal to the done value", () => {
      expect(assembly.partialJson).toEqual(expected.function_call_arguments_done);
    });
  });
});

describe("fixture specifics", () => {
  const { events } = decodeSse(readFixtureText("openai-responses-stream-function-call.sse"));

  it("the arguments grow delta by delta, and the scrubber's snapshot follows them", () => {
    const states = events.map((_, count) => assembleOpenAIResponsesStream(events.slice(0, count + 1)));
    expect(states[2]!.partialJson).toEqual({ 0: "" });
    expect(states[6]!.partialJson).toEqual({ 0: '{"location":"San' });
    expect(snapshotToolArguments(states[6]!.partialJson)).toEqual({ 0: { location: "San" } });
    expect(states[6]!.response!.output[0]).toMatchObject({
      status: "in_progress",
      arguments: '{"location":"San',
    });
    expect(states[12]!.response!.output[0]).toMatchObject({ status: "completed" });
    expect(states[12]!.response!.status).toBe("in_progress");
    expect(states[12]!.done).toBe(false);
  });

  it("the in-progress response before the last event equals the completed one's output", () => {
    const before = assembleOpenAIResponsesStream(events.slice(0, -1));
    const after = assembleOpenAIResponsesStream(events);
    expect(before.response!.output).toEqual(after.response!.output);
  });
});
