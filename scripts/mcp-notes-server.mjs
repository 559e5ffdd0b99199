#!/usr/bin/env node
/**
 * A small MCP server for the lesson "An MCP server's tools through the harness" (lesson
 * `mcp-tools`), on the SDK's own server classes, over stdio: `node scripts/mcp-notes-server.mjs`.
 * It keeps a few notes in memory (a fresh copy per process) and lists five tools:
 *
 * - `list_notes`, `read_note`: annotated read-only and closed-world (Toolscope: readOnly,
 *   concurrencySafe — they run in parallel, nobody is asked);
 * - `delete_note`: annotated destructive (Toolscope: it waits for approval);
 * - `append_note`: no annotations at all, so the MCP defaults apply — destructive, open-world;
 * - `search_notes`: read-only, with a schema OpenAI strict mode refuses (an optional property and
 *   no `"additionalProperties": false`), which Toolscope's lint reports.
 *
 * The low-level `Server` class is used (not `McpServer` with zod) so the listed schemas are
 * exactly those of lib/lessons/course/mcp-notes-tools.json.
 */
import { readFileSync } from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const notes = new Map([
  ["todo", "- read the MCP spec's tool annotations\n- add tests for the pipeline"],
  ["ideas", "- a graph of every MCP message\n- lint every server before using it"],
  ["shopping", "- coffee\n- paper"],
]);

/** The tools as the server lists them; the lesson's session knows the same list (one file for both). */
const TOOLS = JSON.parse(
  readFileSync(new URL("../lib/lessons/course/mcp-notes-tools.json", import.meta.url), "utf8"),
);

const text = (value, isError = false) => ({
  content: [{ type: "text", text: value }],
  ...(isError ? { isError } : {}),
});

/** Each tool's work, on the notes of this process. */
const HANDLERS = {
  list_notes: () => text([...notes.keys()].join("\n")),
  read_note: ({ name }) => (notes.has(name) ? text(notes.get(name)) : text(`No note named ${name}.`, true)),
  search_notes: ({ query, limit }) => {
    const found = [...notes].filter(([, body]) => body.includes(query)).map(([key]) => key);
    return text(found.slice(0, limit ?? found.length).join("\n") || "No note matches.");
  },
  delete_note: ({ name }) =>
    notes.delete(name) ? text(`Deleted ${name}.`) : text(`No note named ${name}.`, true),
  append_note: ({ name, line }) => {
    notes.set(name, notes.has(name) ? `${notes.get(name)}\n${line}` : line);
    return text(`Added a line to ${name}.`);
  },
};

const server = new Server({ name: "toolscope-notes", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const handler = Object.hasOwn(HANDLERS, request.params.name) ? HANDLERS[request.params.name] : null;
  if (!handler) return text(`Unknown tool ${request.params.name}.`, true);
  return handler(request.params.arguments ?? {});
});
process.stderr.write("toolscope-notes: ready on stdio\n");
await server.connect(new StdioServerTransport());
