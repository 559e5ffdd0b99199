import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { McpToolAnnotations, ToolDefinition, ToolMeta } from "@/lib/trace/config";
import type { McpToolSummary } from "@/lib/trace/events";

/** The MCP spec's defaults for absent hints: an unannotated tool may write, destroy, repeat badly and reach the world. */
export const MCP_HINT_DEFAULTS = Object.freeze({
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
});

type Hint = keyof typeof MCP_HINT_DEFAULTS;
const HINTS = Object.keys(MCP_HINT_DEFAULTS) as Hint[];

/** The session's name for a server's tool. */
export function sessionToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}

/** The hints as given, only the known ones and only booleans (a server's annotations are data from anywhere). */
export function readAnnotations(tool: Pick<Tool, "annotations" | "title">): McpToolAnnotations | undefined {
  const given = (tool.annotations ?? {}) as Record<string, unknown>;
  const read: McpToolAnnotations = {};
  for (const hint of HINTS) if (typeof given[hint] === "boolean") read[hint] = given[hint];
  if (typeof given.title === "string") read.title = given.title;
  return Object.keys(read).length > 0 ? read : undefined;
}

/**
 * Toolscope's metadata from a tool's annotations, each absent hint taking the MCP default, and
 * where each came from. `destructiveHint` and `idempotentHint` mean something only for a tool
 * that is not read-only (the spec says so): a read-only tool is neither destructive nor unsafe to
 * repeat, and runs in parallel with other reads. `timeoutMs` is the server entry's, when it sets one.
 */
export function deriveMeta(
  annotations: McpToolAnnotations | undefined,
  timeoutMs?: number,
): { meta: ToolMeta; metaFrom: Record<string, "annotated" | "default"> } {
  const hint = (name: Hint) => annotations?.[name] ?? MCP_HINT_DEFAULTS[name];
  const from = (name: Hint) => (annotations?.[name] === undefined ? "default" : "annotated");
  const readOnly = hint("readOnlyHint");
  return {
    meta: {
      readOnly,
      destructive: readOnly ? false : hint("destructiveHint"),
      idempotent: readOnly ? true : hint("idempotentHint"),
      concurrencySafe: readOnly,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    },
    metaFrom: {
      readOnly: from("readOnlyHint"),
      destructive: readOnly ? from("readOnlyHint") : from("destructiveHint"),
      idempotent: readOnly ? from("readOnlyHint") : from("idempotentHint"),
      openWorld: from("openWorldHint"),
    },
  };
}

/** A server's tool as a session's tool: `mcp__<server>__<tool>`, the server's schema, derived metadata. */
export function toToolDefinition(server: string, tool: Tool, timeoutMs?: number): ToolDefinition {
  const annotations = readAnnotations(tool);
  const { meta } = deriveMeta(annotations, timeoutMs);
  return {
    name: sessionToolName(server, tool.name),
    ...(tool.description === undefined ? {} : { description: tool.description }),
    input_schema: tool.inputSchema as Record<string, unknown>,
    meta,
    source: {
      mcp: server,
      tool: tool.name,
      ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Record<string, unknown> } : {}),
      ...(annotations ? { annotations } : {}),
    },
  };
}

/** What `mcp.connected` says about each tool. */
export function summarizeTools(server: string, tools: readonly Tool[]): McpToolSummary[] {
  return tools.map((tool) => {
    const annotations = readAnnotations(tool);
    return {
      name: tool.name,
      sessionName: sessionToolName(server, tool.name),
      ...(annotations ? { annotations } : {}),
      hasOutputSchema: tool.outputSchema !== undefined,
    };
  });
}
