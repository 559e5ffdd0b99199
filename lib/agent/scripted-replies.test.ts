/**
 * What only a script makes the offline model say — a thinking block before a tool call, and a
 * reply cut off at max_tokens inside a tool call — through the real SDK of each wire format and
 * the agent loop: the cut call never runs, and the transcript stays valid.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import type { OfflinePlanner } from "@/lib/providers/offline/types";
import { createProviderFactories } from "@/lib/providers/registry";
import type { ProviderConfig } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { projectTranscript } from "@/lib/trace/transcript";
import { only, openTestRuntime, type TestRuntime } from "./testing/offline-runtime";

const WIRES = ["anthropic", "openai-chat", "openai-responses"] as const;

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-scripted-");
});
afterEach(() => test.close());

/** The offline model with `planners` asked before its defaults, as a lesson session has it. */
function usePlanners(planners: OfflinePlanner[]): void {
  const base = createProviderFactories({ readKey: () => null });
  test.runtime.providers.register("offline", (config, context) =>
    base.create(config, { ...context, planners }),
  );
}

/** A planner answering by the number of assistant messages in the request. */
function byTurn(...turns: (ReturnType<OfflinePlanner> | null)[]): OfflinePlanner {
  return (request) => turns[request.messages.filter((m) => m.role === "assistant").length] ?? null;
}

/** The errors `checkTranscript` finds in the session's transcript (warnings left out). */
function readTranscriptErrors(events: readonly TraceEvent[]) {
  const messages = projectTranscript(events).messages.map(({ role, content }) => ({ role, content }));
  return checkTranscript(messages).filter((problem) => problem.severity === "error");
}

const LONG = "line\n".repeat(40);

describe.each(WIRES)("scripted replies on the %s wire", (wire) => {
  const provider: ProviderConfig = { kind: "offline", wire };

  it("a thinking block comes first, streams as that format's thinking, and goes back next turn", async () => {
    usePlanners([
      byTurn({
        thinking: "The list is in notes/todo.md; read it first.",
        blocks: [{ type: "tool_use", name: "read_file", input: { path: "notes/todo.md" } }],
      }),
    ]);
    const id = test.create(provider);
    const events = await test.send(id, "What next?");
    const [first, second] = only(events, "turn.completed");
    const types = first!.unified.content.map((block) => block.type);
    const data = only(events, "wire.event")
      .filter((e) => e.turn === 1)
      .map((e) => e.data)
      .join("\n");
    const body = JSON.stringify(only(events, "request.assembled")[1]!.body);
    if (wire === "anthropic") {
      expect(types).toEqual(["thinking", "toolCall"]);
      expect(data).toContain('"thinking_delta"');
      expect(data).toContain('"signature_delta"');
      expect(body).toContain('"type":"thinking","thinking":"The list is in notes/todo.md; read it first."');
    } else if (wire === "openai-chat") {
      expect(types).toEqual(["toolCall"]);
      expect(data).not.toContain("The list is in");
    } else {
      expect(types).toEqual(["unknown", "toolCall"]);
      expect(data).toContain('"type":"response.reasoning_summary_text.delta"');
      expect(body).toContain('"type":"reasoning"');
      expect(body).toContain(
        '"summary":[{"type":"summary_text","text":"The list is in notes/todo.md; read it first."}]',
      );
    }
    expect(only(events, "tool.result").map((r) => [r.name, r.isError])).toEqual([["read_file", false]]);
    expect(second!.stopReason.unified).toBe("end_turn");
    expect(readTranscriptErrors(events)).toEqual([]);
  });

  it("a reply cut at max_tokens inside a tool call: nothing runs, the call gets an interrupted result", async () => {
    usePlanners([
      byTurn(
        {
          blocks: [
            { type: "text", text: "I'll write it." },
            { type: "tool_use", name: "write_file", input: { path: "notes/out.md", content: LONG } },
          ],
          maxTokensCut: { cutAfterChars: 20 },
        },
        { blocks: [{ type: "text", text: "Done." }] },
      ),
    ]);
    const id = test.create(provider);
    const events = await test.send(id, "Write notes/out.md");
    const [completed] = only(events, "turn.completed");
    const raw = { anthropic: "max_tokens", "openai-chat": "length", "openai-responses": "max_output_tokens" }[
      wire
    ];
    expect(completed!.stopReason).toEqual({ unified: "max_tokens", raw });
    const call = completed!.unified.content.find((block) => block.type === "toolCall");
    expect(call).toMatchObject({ name: "write_file", arguments: null, rawArguments: '{"path": "notes/out.' });
    expect(only(events, "batch.planned")).toEqual([]);
    expect(only(events, "tool.stage")).toEqual([]);
    expect(only(events, "workspace.changed")).toEqual([]);
    const [finished] = only(events, "run.finished");
    expect(finished!.syntheticResults).toEqual([
      {
        type: "toolResult",
        toolCallId: (call as { id: string }).id,
        content: "The model's reply was cut off at max_tokens before write_file ran; it did not run.",
        isError: true,
        errorKind: "interrupted",
      },
    ]);
    expect(readTranscriptErrors(events)).toEqual([]);

    const next = await test.send(id, "Never mind.");
    expect(only(next, "turn.completed").map((turn) => turn.stopReason.unified)).toEqual([
      "max_tokens",
      "end_turn",
    ]);
    expect(only(next, "run.finished")).toHaveLength(2);
    expect(readTranscriptErrors(next)).toEqual([]);
  });

  it("a reply cut at max_tokens in its text ends the run with that stop reason", async () => {
    usePlanners([
      byTurn({
        blocks: [{ type: "text", text: "One two three four five." }],
        maxTokensCut: { cutAfterChars: 7 },
      }),
    ]);
    const id = test.create(provider);
    const events = await test.send(id, "Count.");
    const [completed] = only(events, "turn.completed");
    expect(completed!.stopReason.unified).toBe("max_tokens");
    expect(completed!.unified.content).toEqual([{ type: "text", text: "One two" }]);
    expect(only(events, "run.finished").map((e) => e.syntheticResults)).toEqual([[]]);
  });
});
