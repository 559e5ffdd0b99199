import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectTranscript } from "@/lib/trace/transcript";
import { mcpToolsLesson } from "./mcp-tools";
import notesTools from "./mcp-notes-tools.json";

describe("lesson mcp-tools: an MCP server's tools through the harness", () => {
  it(
    "lists the demo server's tools, runs the two reads in parallel, waits for approval before the delete",
    { timeout: 60_000 },
    async () => {
      const { events } = await runLesson("mcp-tools");

      const created = only(events, "session.created")[0]!;
      const tools = created.config.tools;
      expect(tools.map((tool) => tool.name)).toEqual(notesTools.map((tool) => `mcp__notes__${tool.name}`));
      const metaOf = (name: string) => tools.find((tool) => tool.name === `mcp__notes__${name}`)!.meta;
      expect(metaOf("read_note")).toMatchObject({ readOnly: true, concurrencySafe: true });
      expect(metaOf("delete_note")).toMatchObject({ readOnly: false, destructive: true });
      expect(metaOf("append_note")).toMatchObject({ readOnly: false, destructive: true, idempotent: false });

      const [batch] = only(events, "batch.planned");
      expect(batch!.callIds).toHaveLength(2);
      expect(batch!.schedule).toEqual([batch!.callIds]);

      const waiting = only(events, "tool.stage").find(
        (e) => e.stage === "approval" && e.status === "waiting",
      )!;
      const deleteCall = waiting.callId;
      const outBefore = only(events, "mcp.message").filter(
        (e) => e.callId === deleteCall && e.seq < waiting.seq,
      );
      expect(outBefore).toEqual([]);
      const sent = only(events, "mcp.message").filter((e) => e.callId === deleteCall);
      expect(sent.map((e) => [e.direction, (e.message as { method?: string }).method ?? "result"])).toEqual([
        ["out", "tools/call"],
        ["in", "result"],
      ]);
      const results = only(events, "tool.result");
      // The two parallel reads finish in whichever order the server answers them.
      expect(
        results
          .slice(0, 2)
          .map((e) => e.name)
          .sort(),
      ).toEqual(["mcp__notes__list_notes", "mcp__notes__read_note"]);
      expect(results[2]!.name).toBe("mcp__notes__delete_note");
      expect(results[2]!.content).toContain("Deleted ideas.");

      expect(checkTranscript(projectTranscript(events).messages)).toEqual([]);
      expect(events.at(-1)).toMatchObject({ kind: "run.finished", reason: "end_turn" });
      expect(locateSteps(events, mcpToolsLesson.steps)).not.toContain(null);
    },
  );

  it("knows the same tools the server lists", { timeout: 20_000 }, async () => {
    const client = new Client({ name: "toolscope-test", version: "0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.join(process.cwd(), "scripts/mcp-notes-server.mjs")],
        stderr: "pipe",
      }),
    );
    try {
      expect((await client.listTools()).tools).toEqual(notesTools);
    } finally {
      await client.close();
    }
  });
});
