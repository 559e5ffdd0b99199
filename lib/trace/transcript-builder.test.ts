import { describe, expect, it } from "vitest";
import { growEvents, recordRealSession } from "@/bench/long-session";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import type { TraceEvent } from "./events";
import { listMessageEndSeqs } from "./fork-points";
import {
  buildLog,
  sessionCreated,
  textBlock,
  toolCall,
  toolResult,
  turnCompleted,
} from "./testing/build-log";
import {
  createTranscriptFold,
  EMPTY_TRANSCRIPT,
  projectTranscript,
  reduceTranscript,
  TranscriptBuilder,
  type TranscriptMessage,
  type TranscriptView,
} from "./transcript";

const call = (id: string) => toolCall(id, "read_file", { path: id });
const result = (callId: string) => toolResult({ callId, name: "read_file", content: `result ${callId}` });
const assistantWith = (turn: number, ...calls: ToolCallBlock[]) =>
  turnCompleted(turn, [textBlock(`answer ${turn}`), ...calls]);

/** Every step the fold has: calls answered out of order, results joined by user text, synthetic results, tools changed, a fork's edits. */
const everyStep = buildLog([
  sessionCreated({ system: "Be brief." }),
  { kind: "run.started", runId: "run_1", trigger: "message" },
  { kind: "user.message", turn: 1, text: "read three" },
  assistantWith(1, call("c1"), call("c2"), call("c3")),
  result("c3"),
  result("c1"),
  result("c1"),
  { kind: "session.configured", changes: { system: { before: "Be brief.", after: "Be terse." } } },
  {
    kind: "run.interrupted",
    runId: "run_1",
    reason: "user",
    syntheticResults: [{ type: "toolResult", toolCallId: "c2", content: "interrupted", isError: true }],
  },
  result("unknown"),
  { kind: "user.message", turn: 2, text: "go on" },
  assistantWith(2, call("c4")),
  { kind: "user.message", turn: 3, text: "before the result" },
  result("c4"),
  assistantWith(3),
  {
    kind: "session.forked",
    parentId: "ses_parent",
    forkSeq: 3,
    edits: {
      messages: [
        { role: "user", content: [{ type: "text", text: "edited" }] },
        { role: "assistant", content: [{ type: "text", text: "edited answer" }] },
      ],
    },
  },
  { kind: "session.forked", parentId: "ses_parent", forkSeq: 3, edits: { messages: "not a list" } },
  { kind: "user.message", turn: 2, text: "after the fork" },
  assistantWith(2),
]);

/** The fold one immutable step at a time, each step's view structurally shared with the last. */
function foldStepByStep(events: readonly TraceEvent[]): TranscriptView[] {
  const views: TranscriptView[] = [];
  let view = EMPTY_TRANSCRIPT;
  for (const event of events) views.push((view = reduceTranscript(view, event)));
  return views;
}

/** The message end seqs by identity, as the immutable fold's views show them (the definition). */
function endSeqsByIdentity(events: readonly TraceEvent[]): number[] {
  const endOf = new Map<TranscriptMessage, number>();
  let view = EMPTY_TRANSCRIPT;
  for (const event of events) {
    view = reduceTranscript(view, event);
    for (const message of view.messages) if (!endOf.has(message)) endOf.set(message, event.seq);
  }
  return view.messages.map((message) => endOf.get(message)!);
}

function expectFoldsAgree(events: readonly TraceEvent[]): void {
  const stepByStep = foldStepByStep(events);
  const copies = stepByStep.map((view) => structuredClone(view));
  const builder = new TranscriptBuilder(EMPTY_TRANSCRIPT);
  const taken: TranscriptView[] = [];
  events.forEach((event, index) => {
    builder.apply(event);
    taken.push(builder.view());
    expect(taken[index]).toEqual(stepByStep[index]);
  });
  // Nothing a later step did reached a view given out earlier, in either fold.
  expect(taken).toEqual(copies);
  expect(stepByStep).toEqual(copies);
  expect(projectTranscript(events)).toEqual(stepByStep.at(-1));
}

describe("TranscriptBuilder, the transcript fold in place", () => {
  it("gives at every event the view the step-by-step fold gives, and never changes a view it gave", () => {
    expectFoldsAgree(everyStep);
  });

  it("keeps the view object while nothing changes, and every unchanged message object", () => {
    const builder = new TranscriptBuilder(EMPTY_TRANSCRIPT);
    for (const event of everyStep.slice(0, 4)) builder.apply(event);
    const before = builder.view();
    expect(builder.apply(everyStep[1]!)).toBe(false);
    expect(builder.view()).toBe(before);
    builder.apply(everyStep[4]!);
    const after = builder.view();
    expect(after).not.toBe(before);
    expect(after.messages[0]).toBe(before.messages[0]);
    expect(after.messages[1]).toBe(before.messages[1]);
    expect(before.messages).toHaveLength(2);
  });

  it("starts from a view without changing it", () => {
    const start = projectTranscript(everyStep, 5);
    const copy = structuredClone(start);
    const builder = new TranscriptBuilder(start);
    for (const event of everyStep.slice(6)) builder.apply(event);
    expect(start).toEqual(copy);
    expect(builder.view()).toEqual(projectTranscript(everyStep));
  });

  it("keeps each message's end seq as the identity of the immutable fold's messages defines it", () => {
    for (let count = 0; count <= everyStep.length; count++) {
      const prefix = everyStep.slice(0, count);
      expect(listMessageEndSeqs(prefix), `after ${count} events`).toEqual(endSeqsByIdentity(prefix));
    }
  });

  it("as a checkpointed fold's steps, gives every prefix the whole fold's view", () => {
    const fold = createTranscriptFold(4);
    const order = [...everyStep.keys(), everyStep.length].reverse().concat([...everyStep.keys()]);
    for (const count of order)
      expect(fold.stateAt(everyStep, count), `${count} events`).toEqual(
        count === 0 ? EMPTY_TRANSCRIPT : foldStepByStep(everyStep.slice(0, count)).at(-1),
      );
  });

  it("agrees with the step-by-step fold on the bench's real log (9 offline-model runs, 3,000 events)", async () => {
    const events = growEvents((await recordRealSession()).events, 3_000);
    expectFoldsAgree(events);
    expect(listMessageEndSeqs(events)).toEqual(endSeqsByIdentity(events));
    const fold = createTranscriptFold();
    for (const count of [3_000, 17, 2_999, 512, 1_024, 1_500, 0, 2_048, 700])
      expect(fold.stateAt(events, count), `${count} events`).toEqual(
        projectTranscript(events.slice(0, count)),
      );
  }, 120_000);
});
