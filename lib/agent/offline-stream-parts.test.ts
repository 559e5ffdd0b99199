/**
 * For each wire format, a run of the offline model read back as the debugger reads it: every
 * request's sections counted, the stream scrubber stepping through turn 1's events through the
 * stream parts of that wire (blocks, partially parsed arguments, no notes), and the graph's
 * stream node naming the blocks.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { projectRunGraph } from "@/lib/trace/graph/reduce-run-graph";
import { graphIds } from "@/lib/trace/graph/types";
import {
  createStreamScrubber,
  describePartialArguments,
  selectStreamFormat,
  selectStreamRows,
} from "@/lib/trace/stream-view";
import { only, openTestRuntime, type TestRuntime } from "./testing/offline-runtime";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-parts-");
});
afterEach(() => test.close());

describe.each(["anthropic", "openai-chat", "openai-responses"] as const)(
  "an offline %s run as the debugger reads it",
  { timeout: 30_000 },
  (wire) => {
    it("counts every request section, scrubs turn 1 through its parts and names the graph's blocks", async () => {
      const id = test.create({ kind: "offline", wire });
      const events = await test.send(id, "What is in notes/todo.md?");

      for (const request of only(events, "request.assembled")) {
        expect(request.tokens.messages).toBeGreaterThan(0);
        expect(request.tokens.tools).toBeGreaterThan(0);
      }

      expect(selectStreamFormat(events, 1)).toBe(wire);
      const rows = selectStreamRows(events, 1);
      const scrubber = createStreamScrubber(rows, { format: wire });
      const states = rows.map((row) => scrubber.stateAt(row.position));
      for (const state of states) expect(state.stream.notes).toEqual([]);
      const last = states.at(-1)!.stream;
      expect(last.blocks.blocks.map((block) => block.kind)).toEqual(["text", "tool"]);
      expect(last.blocks.blocks[0]).toMatchObject({ text: 'I\'ll use read_file with path "notes/todo.md".' });
      expect(last.blocks.stopReason?.unified).toBe("tool_use");
      expect(describePartialArguments(last)).toMatchObject([
        { name: "read_file", complete: true, parse: "json", value: { path: "notes/todo.md" } },
      ]);
      const repaired = states.flatMap((state) =>
        describePartialArguments(state.stream).filter((partial) => partial.parse === "repaired"),
      );
      expect(repaired.length).toBeGreaterThan(0);
      for (const partial of repaired) {
        expect(partial.complete).toBe(false);
        const path = (partial.value as { path?: string }).path ?? "";
        expect("notes/todo.md".startsWith(path)).toBe(true);
      }

      const graph = projectRunGraph(events);
      const stream = graph.nodes.find((node) => node.id === graphIds.stream(1));
      expect(stream?.kind === "stream" && stream.streamBlocks).toEqual(["text", "read_file"]);
    });
  },
);
