import { describe, expect, it } from "vitest";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import type { NewEvent } from "@/lib/trace/events";
import {
  buildLog,
  sessionCreated,
  textBlock,
  toolCall,
  toolResult,
  turnCompleted,
} from "@/lib/trace/testing/build-log";
import { deriveStatus } from "./status";
import { findUnansweredCalls, projectTranscript } from "./transcript";
import { projectWorkspace } from "./workspace";

const call = (id: string, name = "read_file") => toolCall(id, name, { path: id });

const created = sessionCreated({ system: "Be brief.", workspace: { "a.txt": "A" } });

const assistantWith = (turn: number, ...calls: ToolCallBlock[]) =>
  turnCompleted(turn, [textBlock("ok"), ...calls]);

const result = (callId: string, content = `result ${callId}`) =>
  toolResult({ callId, name: "read_file", content });

describe("the transcript fold", () => {
  const log = buildLog([
    created,
    { kind: "run.started", runId: "run_1", trigger: "message" },
    { kind: "user.message", turn: 1, text: "read both" },
    assistantWith(1, call("c1"), call("c2")),
    result("c2"),
    result("c1"),
    assistantWith(2),
    { kind: "run.finished", runId: "run_1", reason: "end_turn", syntheticResults: [] },
  ]);

  it("places results in call order in one user message, whatever order they finished in", () => {
    const view = projectTranscript(log);
    expect(view.system).toBe("Be brief.");
    expect(view.messages.map((m) => [m.role, m.turn, m.content.map((b) => b.type)])).toEqual([
      ["user", 1, ["text"]],
      ["assistant", 1, ["text", "toolCall", "toolCall"]],
      ["user", 1, ["toolResult", "toolResult"]],
      ["assistant", 2, ["text"]],
    ]);
    expect(view.messages[2]!.content.map((b) => (b.type === "toolResult" ? b.toolCallId : ""))).toEqual([
      "c1",
      "c2",
    ]);
  });

  it("projects any prefix: time travel is a shorter log", () => {
    expect(projectTranscript(log, 4).messages.map((m) => m.content.length)).toEqual([1, 3, 1]);
    expect(findUnansweredCalls(projectTranscript(log, 4)).map((c) => c.id)).toEqual(["c1"]);
    expect(findUnansweredCalls(projectTranscript(log)).map((c) => c.id)).toEqual([]);
    expect(projectTranscript(log, 0).messages).toEqual([]);
  });

  it("puts synthetic interrupted results in place and a later user text after the results", () => {
    const interrupted = buildLog([
      created,
      { kind: "user.message", turn: 1, text: "go" },
      assistantWith(1, call("c1"), call("c2")),
      result("c1"),
      {
        kind: "run.interrupted",
        runId: "run_1",
        reason: "user",
        syntheticResults: [
          {
            type: "toolResult",
            toolCallId: "c2",
            content: "interrupted",
            isError: true,
            errorKind: "interrupted",
          },
        ],
      },
      { kind: "user.message", turn: 2, text: "try again" },
    ]);
    const view = projectTranscript(interrupted);
    expect(
      view.messages.at(-1)!.content.map((b) => (b.type === "toolResult" ? b.toolCallId : b.type)),
    ).toEqual(["c1", "c2", "text"]);
    expect(findUnansweredCalls(view)).toEqual([]);
    expect(deriveStatus(interrupted)).toBe("interrupted");
  });

  it("ignores a duplicate result and a result for a call nobody made", () => {
    const view = projectTranscript(
      buildLog([created, assistantWith(1, call("c1")), result("c1"), result("c1", "again"), result("zz")]),
    );
    expect(view.messages.map((m) => m.content.length)).toEqual([2, 1]);
  });
});

describe("a fork's edited messages", () => {
  const edited = [
    { role: "user" as const, content: [{ type: "text" as const, text: "read it" }] },
    { role: "assistant" as const, content: [call("c9")] },
    {
      role: "user" as const,
      content: [{ type: "toolResult" as const, toolCallId: "c9", content: "edited", isError: false }],
    },
  ];
  const log = buildLog([
    created,
    { kind: "user.message", turn: 1, text: "go" },
    assistantWith(1, call("c1")),
    result("c1"),
    { kind: "session.forked", parentId: "ses_parent", forkSeq: 3, edits: { messages: edited } },
    { kind: "user.message", turn: 3, text: "and then?" },
    assistantWith(3, call("c10")),
    result("c10"),
  ]);

  it("replace the copied transcript at the session.forked event, and later events build on them", () => {
    expect(projectTranscript(log, 3).messages.map((m) => m.content.length)).toEqual([1, 2, 1]);
    const view = projectTranscript(log);
    expect(view.messages.map((m) => [m.role, m.turn, m.seq, m.content.map((b) => b.type)])).toEqual([
      ["user", 1, 4, ["text"]],
      ["assistant", 1, 4, ["toolCall"]],
      ["user", 3, 4, ["toolResult", "text"]],
      ["assistant", 3, 6, ["text", "toolCall"]],
      ["user", 3, 7, ["toolResult"]],
    ]);
    expect(view.messages[2]!.content[0]).toEqual(edited[2]!.content[0]);
    expect(findUnansweredCalls(view)).toEqual([]);
  });

  it("leave the transcript alone when the fork edited no messages, or sent something else", () => {
    const plain = buildLog([
      created,
      { kind: "user.message", turn: 1, text: "go" },
      { kind: "session.forked", parentId: "p", forkSeq: 1, edits: { system: "x" } },
      { kind: "session.forked", parentId: "p", forkSeq: 1, edits: { messages: [{ role: "tool" }] } },
    ]);
    expect(projectTranscript(plain)).toEqual(projectTranscript(plain, 1));
  });
});

describe("a cut stream", () => {
  const cut: NewEvent = {
    ...(assistantWith(1, call("c1")) as Extract<NewEvent, { kind: "turn.completed" }>),
    cut: true,
    stopReason: { unified: "other", raw: null },
  };
  const log = buildLog([
    created,
    { kind: "run.started", runId: "run_1", trigger: "message" },
    { kind: "user.message", turn: 1, text: "read it" },
    cut,
    {
      kind: "run.failed",
      runId: "run_1",
      reason: "error",
      error: "stream cut",
      syntheticResults: [
        {
          type: "toolResult",
          toolCallId: "c1",
          content: "interrupted",
          isError: true,
          errorKind: "interrupted",
        },
      ],
    },
  ]);

  it("marks the partial assistant message as cut, and only that one", () => {
    const view = projectTranscript(log);
    expect(view.messages.map((m) => [m.role, m.cut])).toEqual([
      ["user", undefined],
      ["assistant", true],
      ["user", undefined],
    ]);
    expect(Object.hasOwn(view.messages[0]!, "cut")).toBe(false);
    expect(findUnansweredCalls(view)).toEqual([]);
  });
});

describe("the derived status and workspace", () => {
  it("follows the run events", () => {
    const log = buildLog([created, { kind: "run.started", runId: "r", trigger: "message" }]);
    expect(deriveStatus(log.slice(0, 1))).toBe("idle");
    expect(deriveStatus(log)).toBe("running");
    const paused = buildLog([
      created,
      { kind: "run.started", runId: "r", trigger: "message" },
      { kind: "run.paused", runId: "r", reason: "approval", callId: "c" },
    ]);
    expect(deriveStatus(paused)).toBe("paused");
  });

  it("rebuilds the workspace from the seed and full-content changes", () => {
    const log = buildLog([
      created,
      { kind: "workspace.changed", callId: "c1", change: { type: "write", path: "b.txt", content: "B" } },
      { kind: "workspace.changed", callId: "c2", change: { type: "delete", path: "a.txt" } },
      {
        kind: "workspace.changed",
        callId: "c3",
        change: { type: "write", path: "__proto__", content: "odd" },
      },
    ]);
    expect(projectWorkspace(log, 1).files).toEqual({ "a.txt": "A", "b.txt": "B" });
    const files = projectWorkspace(log).files;
    expect(Object.keys(files).sort()).toEqual(["__proto__", "b.txt"]);
    expect(Object.hasOwn(files, "__proto__")).toBe(true);
  });
});
