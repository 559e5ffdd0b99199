import { describe, expect, it } from "vitest";
import { buildLog } from "@/lib/trace/testing/build-log";
import { projectTranscript } from "../transcript";
import { completed, findNodeOf, requested } from "./testing/graph-log";
import { projectRunGraph } from "./reduce-run-graph";

/** A parent's two turns, forked at the end of turn 2 with the first user message edited. */
const LOG = buildLog([
  { kind: "user.message", turn: 1, text: "What is in notes/todo.md?" },
  requested(1),
  completed(1, "Reading.", [{ id: "c1", name: "read_file" }]),
  { kind: "tool.result", callId: "c1", turn: 1, name: "read_file", content: "# Todo", isError: false },
  requested(2),
  completed(2, "It lists things.", []),
  {
    kind: "session.forked",
    parentId: "parent",
    forkSeq: 5,
    edits: {
      messages: [
        { role: "user", content: [{ type: "text", text: "What is in notes/ideas.md?" }] },
        {
          role: "assistant",
          content: [{ type: "toolCall", id: "c1", name: "read_file", arguments: {}, rawArguments: "{}" }],
        },
        {
          role: "user",
          content: [{ type: "toolResult", toolCallId: "c1", content: "# Ideas", isError: false }],
        },
        { role: "assistant", content: [{ type: "text", text: "It lists ideas." }] },
      ],
    },
  },
]);

describe("the graph of a fork with edited messages", () => {
  it("shows the edited user text in the user node, as the transcript does", () => {
    const graph = projectRunGraph(LOG);
    const user = findNodeOf(graph, "t1:user", "user")!;
    expect(user.label).toBe("What is in notes/ideas.md?");
    expect(user.seqs).toContain(6);
    const transcript = projectTranscript(LOG);
    const first = transcript.messages[0]!.content[0]!;
    expect(first.type === "text" && first.text).toBe(user.label);
  });

  it("shows the parent's text before the fork event", () => {
    expect(findNodeOf(projectRunGraph(LOG, 5), "t1:user", "user")!.label).toBe("What is in notes/todo.md?");
  });
});
