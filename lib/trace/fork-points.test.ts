import { describe, expect, it } from "vitest";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import {
  buildLog,
  sessionCreated,
  textBlock,
  toolCall,
  toolResult,
  turnCompleted,
} from "@/lib/trace/testing/build-log";
import { listForkPoints, listMessageEndSeqs, mapMessageForkSeqs } from "./fork-points";

const call = (id: string) => toolCall(id, "read_file", { path: id });

const created = sessionCreated({ system: "Be brief." });

const assistantWith = (turn: number, ...calls: ToolCallBlock[]) =>
  turnCompleted(turn, [textBlock("ok"), ...calls]);

const result = (callId: string) => toolResult({ callId, name: "read_file", content: `result ${callId}` });

/** 0 created, 1 run, 2 user, 3 two calls, 4 c2, 5 c1, 6 answer, 7 finished. */
const twoCalls = buildLog([
  created,
  { kind: "run.started", runId: "run_1", trigger: "message" },
  { kind: "user.message", turn: 1, text: "read both" },
  assistantWith(1, call("c1"), call("c2")),
  result("c2"),
  result("c1"),
  assistantWith(2),
  { kind: "run.finished", runId: "run_1", reason: "end_turn", syntheticResults: [] },
]);

describe("the fork points", () => {
  it("are the user message, the result that completes the batch, and the answer", () => {
    expect(listForkPoints(twoCalls)).toEqual([2, 5, 6]);
  });

  it("leave out a batch completed by synthetic results", () => {
    const log = buildLog([
      created,
      { kind: "run.started", runId: "run_1", trigger: "message" },
      { kind: "user.message", turn: 1, text: "go" },
      assistantWith(1, call("c1"), call("c2")),
      result("c1"),
      {
        kind: "run.interrupted",
        runId: "run_1",
        reason: "user",
        syntheticResults: [{ type: "toolResult", toolCallId: "c2", content: "interrupted", isError: true }],
      },
    ]);
    expect(listForkPoints(log)).toEqual([2]);
    expect(mapMessageForkSeqs(log)).toEqual([2, null, null]);
  });

  it("are none before the first user message", () => {
    expect(listForkPoints(buildLog([created]))).toEqual([]);
    expect(mapMessageForkSeqs(buildLog([created]))).toEqual([]);
  });
});

describe("the messages' last events", () => {
  it("are the creating event, or the last tool.result of a results message", () => {
    expect(listMessageEndSeqs(twoCalls)).toEqual([2, 3, 5, 6]);
  });

  it("map every message of a finished run to its fork point", () => {
    expect(mapMessageForkSeqs(twoCalls)).toEqual([2, null, 5, 6]);
  });

  it("end a results message at the user text that joins it", () => {
    const log = buildLog([
      created,
      { kind: "user.message", turn: 1, text: "go" },
      assistantWith(1, call("c1")),
      result("c1"),
      { kind: "user.message", turn: 2, text: "again" },
    ]);
    expect(listMessageEndSeqs(log)).toEqual([1, 2, 4]);
    expect(mapMessageForkSeqs(log)).toEqual([1, null, 4]);
  });

  it("follow each message, not its index, when a late result is placed before a later message", () => {
    const log = buildLog([
      created,
      { kind: "user.message", turn: 1, text: "go" },
      assistantWith(1, call("c1")),
      assistantWith(2),
      result("c1"),
    ]);
    expect(listMessageEndSeqs(log)).toEqual([1, 2, 4, 3]);
  });

  it("leave a half-answered batch without a fork point", () => {
    expect(mapMessageForkSeqs(twoCalls.slice(0, 5))).toEqual([2, null, null]);
  });

  it("stamp messages replaced by a fork's edits with the session.forked seq", () => {
    const log = buildLog([
      created,
      { kind: "user.message", turn: 1, text: "go" },
      {
        kind: "session.forked",
        parentId: "ses_parent",
        forkSeq: 1,
        edits: { messages: [{ role: "user", content: [{ type: "text", text: "edited" }] }] },
      },
    ]);
    expect(listMessageEndSeqs(log)).toEqual([2]);
    expect(mapMessageForkSeqs(log)).toEqual([null]);
  });
});
