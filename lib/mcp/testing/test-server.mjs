#!/usr/bin/env node
// A small MCP server on the real SDK, for the tests of what the reference servers cannot show:
// `slow` writes to stderr when the client cancels it (so a test can see the server got the
// cancellation), `crash` exits mid-call, `add-tool` changes the tool list (list_changed),
// `bad-structure` answers structuredContent that breaks its outputSchema, `churn` says its
// tools changed many times over. Tests only.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "toolscope-test-server", version: "1.0.0" });

server.registerTool(
  "slow",
  {
    description: "Waits the given seconds, reporting progress each second.",
    inputSchema: { seconds: z.number() },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  async ({ seconds }, extra) => {
    extra.signal.addEventListener("abort", () => {
      process.stderr.write(`cancelled request ${extra.requestId}: ${String(extra.signal.reason)}\n`);
    });
    for (let i = 1; i <= seconds; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (extra.signal.aborted) return { content: [{ type: "text", text: "stopped" }] };
      const token = extra._meta?.progressToken;
      if (token !== undefined)
        await extra.sendNotification({
          method: "notifications/progress",
          params: { progressToken: token, progress: i, total: seconds, message: `second ${i}` },
        });
    }
    return { content: [{ type: "text", text: `waited ${seconds} s` }] };
  },
);

server.registerTool("crash", { description: "Exits the server process mid-call." }, async () => {
  process.stderr.write("crashing on purpose\n");
  process.exit(7);
});

server.registerTool(
  "bad-structure",
  {
    description: "Answers structuredContent that does not match its outputSchema.",
    outputSchema: { count: z.number() },
    annotations: { readOnlyHint: true },
  },
  async () => ({
    content: [{ type: "text", text: '{"count":"three"}' }],
    structuredContent: { count: "three" },
  }),
);

server.registerTool(
  "fail",
  { description: "Always answers isError with a reason.", annotations: { readOnlyHint: true } },
  async () => ({ content: [{ type: "text", text: "the disk is on fire" }], isError: true }),
);

server.registerTool(
  "add-tool",
  { description: "Adds a tool named `added` (tools/list_changed)." },
  async () => {
    server.registerTool("added", { description: "Added at run time." }, async () => ({
      content: [{ type: "text", text: "hello from added" }],
    }));
    return { content: [{ type: "text", text: "added" }] };
  },
);

server.registerTool(
  "churn",
  {
    description: "Adds and removes a tool `count` times: one tools/list_changed each time.",
    inputSchema: { count: z.number() },
    annotations: { readOnlyHint: true },
  },
  async ({ count }) => {
    for (let i = 0; i < count; i++) {
      const tool = server.registerTool(`churn-${i}`, { description: "Gone at once." }, async () => ({
        content: [{ type: "text", text: "gone" }],
      }));
      tool.remove();
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { content: [{ type: "text", text: `churned ${count} times` }] };
  },
);

await server.connect(new StdioServerTransport());
