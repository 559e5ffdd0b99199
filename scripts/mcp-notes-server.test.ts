import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lintToolDefinition } from "@/lib/schema/lint/lint";

const SERVER = path.join(process.cwd(), "scripts/mcp-notes-server.mjs");

describe("the lesson's notes MCP server, over stdio with the SDK's own client", () => {
  const client = new Client({ name: "toolscope-test", version: "0" });
  beforeAll(async () => {
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [SERVER], stderr: "pipe" }),
    );
  }, 20_000);
  afterAll(async () => {
    await client.close();
  });

  it("names itself and lists annotated tools, one without annotations", async () => {
    expect(client.getServerVersion()).toMatchObject({ name: "toolscope-notes", version: "1.0.0" });
    const { tools } = await client.listTools();
    expect(
      tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint]),
    ).toEqual([
      ["list_notes", true, undefined],
      ["read_note", true, undefined],
      ["search_notes", true, undefined],
      ["delete_note", false, true],
      ["append_note", undefined, undefined],
    ]);
    expect(tools.find((tool) => tool.name === "append_note")!.annotations).toBeUndefined();
  });

  it("has exactly one tool OpenAI strict mode refuses, and none the others refuse", async () => {
    const { tools } = await client.listTools();
    const refusedBy = (provider: "anthropic" | "openai" | "openai-strict") =>
      tools
        .filter((tool) =>
          lintToolDefinition(
            { name: tool.name, description: tool.description, input_schema: tool.inputSchema },
            {
              providers: [provider],
            },
          ).some((d) => d.severity === "error"),
        )
        .map((tool) => tool.name);
    expect(refusedBy("openai-strict")).toEqual(["search_notes"]);
    expect(refusedBy("openai")).toEqual([]);
    expect(refusedBy("anthropic")).toEqual([]);
  });

  it("reads, searches, appends and deletes notes; an unknown note is an error result", async () => {
    const call = async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as {
        content: { text: string }[];
        isError?: boolean;
      };
    expect((await call("read_note", { name: "todo" })).content[0]!.text).toContain("tool annotations");
    expect((await call("search_notes", { query: "coffee" })).content[0]!.text).toBe("shopping");
    expect((await call("append_note", { name: "todo", line: "- ship" })).content[0]!.text).toBe(
      "Added a line to todo.",
    );
    expect((await call("read_note", { name: "todo" })).content[0]!.text.endsWith("- ship")).toBe(true);
    expect(await call("delete_note", { name: "ideas" })).toEqual({
      content: [{ type: "text", text: "Deleted ideas." }],
    });
    expect(await call("read_note", { name: "ideas" })).toEqual({
      content: [{ type: "text", text: "No note named ideas." }],
      isError: true,
    });
    expect((await call("list_notes", {})).content[0]!.text).toBe("todo\nshopping");
  });
});
