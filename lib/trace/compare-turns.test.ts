import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Block } from "@/lib/protocol/unified";
import type { NewEvent } from "./events";
import { buildLog, sessionCreated, toolCall, toolResult, turnCompleted } from "@/lib/trace/testing/build-log";
import {
  alignBlocks,
  compareTurns,
  describeBlockKey,
  groupTurns,
  type ComparedBlock,
  type TurnBlock,
} from "./compare-turns";
import type { TranscriptMessage } from "./transcript";

const created = (system = "Be brief.") => sessionCreated({ system });
const user = (turn: number, text: string): NewEvent => ({ kind: "user.message", turn, text });
const result = (turn: number, callId: string, content: string, isError = false) =>
  toolResult({ turn, callId, name: "echo", content, isError });
const log = (sessionId: string, events: readonly NewEvent[]) => buildLog(events, sessionId);

const text = (role: "user" | "assistant", value: string): TurnBlock => ({
  role,
  block: { type: "text", text: value },
});
const matches = (blocks: ComparedBlock[]) => blocks.map((b) => b.match);

/** The parent: turn 1 echoes "hi" (call, result), turn 2 summarizes. */
const parentEvents: NewEvent[] = [
  created(),
  user(1, 'Echo "hi"'),
  turnCompleted(1, [{ type: "text", text: "I'll use echo." }, toolCall("c1", "echo", { text: "hi" })]),
  result(1, "c1", "hi"),
  turnCompleted(2, [{ type: "text", text: 'echo returned "hi".' }]),
];

describe("describeBlockKey", () => {
  it("keys every block type by its content", () => {
    expect(describeBlockKey({ type: "text", text: "a" })).toBe("text:a");
    expect(describeBlockKey({ type: "thinking", thinking: "t", signature: "s" })).toBe("thinking:t");
    expect(describeBlockKey({ type: "redacted_thinking", data: "d" })).toBe("redacted_thinking:d");
    expect(describeBlockKey(toolCall("x", "echo", { b: 1, a: 2 }))).toBe('toolCall:echo:{"a":2,"b":1}');
    expect(
      describeBlockKey({ type: "toolCall", id: "x", name: "echo", arguments: null, rawArguments: '{"a"' }),
    ).toBe('toolCall:echo:raw:{"a"');
    expect(
      describeBlockKey({
        type: "toolResult",
        toolCallId: "x",
        content: "no",
        isError: true,
        errorKind: "timeout",
      }),
    ).toBe("toolResult:error:timeout:no");
    expect(describeBlockKey({ type: "toolResult", toolCallId: "x", content: "ok", isError: false })).toBe(
      "toolResult:ok::ok",
    );
    expect(describeBlockKey({ type: "unknown", raw: { b: [1], a: null } })).toBe(
      'unknown:{"a":null,"b":[1]}',
    );
  });

  it("leaves ids out, so a fork's renamed calls and results match", () => {
    expect(describeBlockKey(toolCall("a", "echo", { text: "hi" }))).toBe(
      describeBlockKey(toolCall("b", "echo", { text: "hi" })),
    );
    expect(describeBlockKey({ type: "toolResult", toolCallId: "a", content: "hi", isError: false })).toBe(
      describeBlockKey({ type: "toolResult", toolCallId: "b", content: "hi", isError: false }),
    );
  });

  it("tells apart what a person would: name, arguments, error flag", () => {
    const keys = [
      toolCall("a", "echo", { text: "hi" }),
      toolCall("a", "echo", { text: "ho" }),
      toolCall("a", "say", { text: "hi" }),
      { type: "toolResult", toolCallId: "a", content: "hi", isError: true } as const,
      { type: "toolResult", toolCallId: "a", content: "hi", isError: false } as const,
    ].map(describeBlockKey);
    expect(new Set(keys).size).toBe(5);
  });
});

describe("groupTurns", () => {
  it("puts each block in its message's turn, results in their call's turn", () => {
    const messages: TranscriptMessage[] = [
      { role: "user", turn: 1, seq: 1, content: [{ type: "text", text: "go" }] },
      { role: "assistant", turn: 1, seq: 2, content: [toolCall("c1", "echo", {})] },
      // A later user text joined the results message and gave it the next turn's number.
      {
        role: "user",
        turn: 2,
        seq: 3,
        content: [
          { type: "toolResult", toolCallId: "c1", content: "r", isError: false },
          { type: "text", text: "again" },
        ],
      },
      { role: "assistant", turn: 2, seq: 4, content: [{ type: "text", text: "done" }] },
    ];
    const turns = groupTurns(messages);
    expect([...turns.keys()]).toEqual([1, 2]);
    expect(turns.get(1)!.map((b) => `${b.role}:${b.block.type}`)).toEqual([
      "user:text",
      "assistant:toolCall",
      "user:toolResult",
    ]);
    expect(turns.get(2)!.map((b) => `${b.role}:${b.block.type}`)).toEqual(["user:text", "assistant:text"]);
  });

  it("keeps a result with no known call in its message's turn, and sorts turns", () => {
    const messages: TranscriptMessage[] = [
      { role: "assistant", turn: 3, seq: 1, content: [{ type: "text", text: "c" }] },
      {
        role: "user",
        turn: 2,
        seq: 2,
        content: [{ type: "toolResult", toolCallId: "zz", content: "", isError: true }],
      },
    ];
    expect([...groupTurns(messages).keys()]).toEqual([2, 3]);
    expect(groupTurns([]).size).toBe(0);
  });
});

describe("alignBlocks", () => {
  it("pairs identical sides as same", () => {
    const side = [text("user", "a"), text("assistant", "b")];
    expect(matches(alignBlocks(side, side))).toEqual(["same", "same"]);
  });

  it("pairs a block whose content changed as changed, between matches", () => {
    const left = [text("user", "a"), text("assistant", "b"), text("assistant", "c")];
    const right = [text("user", "a"), text("assistant", "B"), text("assistant", "c")];
    const aligned = alignBlocks(left, right);
    expect(matches(aligned)).toEqual(["same", "changed", "same"]);
    expect(aligned[1]!.left).toBe(left[1]);
    expect(aligned[1]!.right).toBe(right[1]);
  });

  it("marks inserted and removed blocks as one side only", () => {
    const left = [text("user", "a"), text("assistant", "c")];
    const right = [text("user", "a"), text("assistant", "b"), text("assistant", "c")];
    expect(matches(alignBlocks(left, right))).toEqual(["same", "right-only", "same"]);
    expect(matches(alignBlocks(right, left))).toEqual(["same", "left-only", "same"]);
  });

  it("does not pair blocks of another role or type", () => {
    const left = [text("user", "a")];
    const right: TurnBlock[] = [{ role: "assistant", block: toolCall("x", "echo", {}) }];
    expect(matches(alignBlocks(left, right))).toEqual(["left-only", "right-only"]);
  });

  it("skips unmatched right blocks until one of the same shape", () => {
    const left = [text("assistant", "x")];
    const right: TurnBlock[] = [
      { role: "assistant", block: toolCall("x", "echo", {}) },
      text("assistant", "y"),
    ];
    expect(matches(alignBlocks(left, right))).toEqual(["right-only", "changed"]);
  });

  it("handles empty sides", () => {
    expect(alignBlocks([], [])).toEqual([]);
    expect(matches(alignBlocks([text("user", "a")], []))).toEqual(["left-only"]);
    expect(matches(alignBlocks([], [text("user", "a")]))).toEqual(["right-only"]);
  });

  it("keeps every block of each side exactly once, in order (property)", () => {
    const block = fc.record({
      role: fc.constantFrom("user" as const, "assistant" as const),
      block: fc.oneof(
        fc.constantFrom("a", "b", "c").map((t): Block => ({ type: "text", text: t })),
        fc.constantFrom("x", "y").map((n): Block => toolCall("id", n, {})),
      ),
    });
    fc.assert(
      fc.property(fc.array(block, { maxLength: 8 }), fc.array(block, { maxLength: 8 }), (left, right) => {
        const aligned = alignBlocks(left, right);
        expect(aligned.flatMap((b) => (b.left ? [b.left] : []))).toEqual(left);
        expect(aligned.flatMap((b) => (b.right ? [b.right] : []))).toEqual(right);
        for (const b of aligned) {
          if (b.match === "same")
            expect(describeBlockKey(b.left!.block)).toBe(describeBlockKey(b.right!.block));
          if (b.match === "changed") expect(b.left!.block.type).toBe(b.right!.block.type);
        }
      }),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 8 }), (side) => {
        expect(alignBlocks(side, side).every((b) => b.match === "same")).toBe(true);
      }),
    );
  });
});

describe("compareTurns", () => {
  it("finds nothing different between a session and itself", () => {
    const events = log("p", parentEvents);
    const comparison = compareTurns(events, events);
    expect(comparison.firstDifference).toBeNull();
    expect(comparison.forkTurn).toBeNull();
    expect(comparison.turns.map((t) => [t.turn, t.match, t.position])).toEqual([
      [1, "same", null],
      [2, "same", null],
    ]);
    expect(comparison.turns[0]!.blocks).toHaveLength(4);
  });

  it("aligns a fork from its fork point and marks the first differing turn", () => {
    const parent = log("p", parentEvents);
    // Forked at the result (seq 3), then turn 2 answered differently; its call ids are new.
    const child = log("c", [
      ...parentEvents.slice(0, 4),
      { kind: "session.forked", parentId: "p", forkSeq: 3, edits: { system: "Shout." } },
      turnCompleted(2, [{ type: "text", text: 'ECHO RETURNED "HI".' }]),
    ]);
    const comparison = compareTurns(parent, child, { forkSeq: 3 });
    expect(comparison.forkTurn).toBe(1);
    expect(comparison.firstDifference).toBe(2);
    expect(comparison.turns.map((t) => [t.turn, t.match, t.position])).toEqual([
      [1, "same", "at-fork"],
      [2, "changed", "after-fork"],
    ]);
    expect(matches(comparison.turns[1]!.blocks)).toEqual(["changed"]);
  });

  it("marks a turn only one side reached", () => {
    const parent = log("p", parentEvents);
    const child = log("c", [
      ...parentEvents.slice(0, 2),
      { kind: "session.forked", parentId: "p", forkSeq: 1, edits: {} },
    ]);
    const comparison = compareTurns(parent, child, { forkSeq: 1 });
    expect(comparison.turns.map((t) => [t.turn, t.match, t.position])).toEqual([
      [1, "changed", "at-fork"],
      [2, "left-only", "after-fork"],
    ]);
    expect(matches(comparison.turns[0]!.blocks)).toEqual(["same", "left-only", "left-only", "left-only"]);
    expect(comparison.firstDifference).toBe(1);
    expect(matches(compareTurns(child, parent).turns[1]!.blocks)).toEqual(["right-only"]);
    expect(compareTurns(child, parent).turns[1]!.match).toBe("right-only");
  });

  it("sees a fork's edited tool result as a changed block in the turn it belongs to", () => {
    const parent = log("p", parentEvents);
    const child = log("c", [
      ...parentEvents.slice(0, 4),
      {
        kind: "session.forked",
        parentId: "p",
        forkSeq: 3,
        edits: {
          messages: [
            { role: "user", content: [{ type: "text", text: 'Echo "hi"' }] },
            {
              role: "assistant",
              content: [{ type: "text", text: "I'll use echo." }, toolCall("c1", "echo", { text: "hi" })],
            },
            {
              role: "user",
              content: [{ type: "toolResult", toolCallId: "c1", content: "HI", isError: true }],
            },
          ],
        },
      },
    ]);
    const comparison = compareTurns(parent, child, { forkSeq: 3 });
    expect(comparison.firstDifference).toBe(1);
    const turn1 = comparison.turns[0]!;
    expect(matches(turn1.blocks)).toEqual(["same", "same", "same", "changed"]);
    expect(turn1.blocks[3]!.right!.block).toMatchObject({ content: "HI", isError: true });
    expect(comparison.turns[1]!.match).toBe("left-only");
  });

  it("places turns before, at and after a later fork point", () => {
    const events = log("p", [
      ...parentEvents,
      user(3, "more"),
      turnCompleted(3, [{ type: "text", text: "ok" }]),
    ]);
    const comparison = compareTurns(events, events, { forkSeq: 5 });
    expect(comparison.forkTurn).toBe(3);
    expect(comparison.turns.map((t) => t.position)).toEqual(["before-fork", "before-fork", "at-fork"]);
  });

  it("compares empty logs without throwing", () => {
    expect(compareTurns([], [])).toEqual({ turns: [], firstDifference: null, forkTurn: null });
    expect(compareTurns([], [], { forkSeq: 0 })).toEqual({ turns: [], firstDifference: null, forkTurn: 0 });
    expect(compareTurns(log("p", parentEvents), []).turns.map((t) => t.match)).toEqual([
      "left-only",
      "left-only",
    ]);
  });
});
