import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Block, UnifiedMessage } from "@/lib/protocol/unified";
import { checkTranscript } from "./check";
import { INTERRUPTED_RESULT_CONTENT, repairTranscript } from "./repair";
import { buildCall, buildResult, buildText } from "./testing";

const RUNS = 500;

/** Few ids, so duplicates, misplaced and orphan results all come up often. */
const id = fc.constantFrom("a", "b", "c", "d");
const text = fc.string({ maxLength: 3 }).map((value): Block => buildText(value));
const call = fc
  .tuple(id, fc.boolean())
  .map(([callId, parsed]): Block => (parsed ? buildCall(callId) : buildCall(callId, null, "{")));
const result = fc.tuple(id, fc.nat(9)).map(([callId, n]): Block => buildResult(callId, `r${n}`));

const assistant = fc
  .array(
    fc.oneof(
      { arbitrary: text, weight: 1 },
      { arbitrary: call, weight: 3 },
      { arbitrary: result, weight: 1 },
    ),
    { maxLength: 4 },
  )
  .map((content): UnifiedMessage => ({ role: "assistant", content }));
const user = fc
  .array(fc.oneof({ arbitrary: text, weight: 1 }, { arbitrary: result, weight: 3 }), { maxLength: 4 })
  .map((content): UnifiedMessage => ({ role: "user", content }));
const transcript = fc.array(fc.oneof(assistant, user), { maxLength: 8 });

function listBlocks(messages: readonly UnifiedMessage[]): Block[] {
  return messages.flatMap((message) => message.content);
}

describe.each([{}, { allowPendingCalls: true }])(
  "repairTranscript on random transcripts, options %o",
  (options) => {
    it("leaves no error but duplicate call ids", () => {
      fc.assert(
        fc.property(transcript, (messages) => {
          const errors = checkTranscript(repairTranscript(messages, options).messages, options).filter(
            (problem) => problem.severity === "error" && problem.rule !== "id-duplicate",
          );
          expect(errors).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    });

    it("reports as remaining only duplicate ids of calls, never of results", () => {
      fc.assert(
        fc.property(transcript, (messages) => {
          const repaired = repairTranscript(messages, options);
          for (const problem of repaired.remaining.filter((each) => each.rule === "id-duplicate")) {
            expect(repaired.messages[problem.messageIndex]?.content[problem.blockIndex ?? -1]?.type).toBe(
              "toolCall",
            );
          }
        }),
        { numRuns: RUNS },
      );
    });

    it("is idempotent: a second repair changes nothing and reports no action", () => {
      fc.assert(
        fc.property(transcript, (messages) => {
          const once = repairTranscript(messages, options);
          const twice = repairTranscript(once.messages, options);
          expect(twice.messages).toEqual(once.messages);
          expect(twice.actions).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    });

    it("reports an action for every change: no action means the transcript came back as it was", () => {
      fc.assert(
        fc.property(transcript, (messages) => {
          const repaired = repairTranscript(messages, options);
          if (repaired.actions.length === 0) expect(repaired.messages).toEqual(messages);
          else expect(repaired.messages).not.toEqual(messages);
        }),
        { numRuns: RUNS },
      );
    });

    it("keeps every other block, in order and untouched, and adds only interrupted results", () => {
      fc.assert(
        fc.property(transcript, (messages) => {
          const repaired = listBlocks(repairTranscript(messages, options).messages);
          const input = listBlocks(messages);
          const others = (blocks: Block[]) => blocks.filter((block) => block.type !== "toolResult");
          const kept = others(repaired);
          expect(kept.length).toBe(others(input).length);
          kept.forEach((block, index) => expect(block).toBe(others(input)[index]));
          for (const block of repaired) {
            if (block.type !== "toolResult" || input.includes(block)) continue;
            expect(block).toEqual({
              type: "toolResult",
              toolCallId: block.toolCallId,
              content: INTERRUPTED_RESULT_CONTENT,
              isError: true,
              errorKind: "interrupted",
            });
          }
        }),
        { numRuns: RUNS },
      );
    });

    it("changes nothing in a transcript the check finds clean", () => {
      fc.assert(
        fc.property(transcript, (messages) => {
          if (checkTranscript(messages, options).length > 0) return;
          expect(repairTranscript(messages, options)).toEqual({ messages, actions: [], remaining: [] });
        }),
        { numRuns: RUNS },
      );
    });
  },
);
