import { Type, type Static } from "@sinclair/typebox";
import type { McpServerConfig as RecordedServerConfig } from "@/lib/trace/config";
import { ToolMeta } from "./config";
import { closed, typed } from "./helpers";

/**
 * docs/api.md, "MCP tool sources": an `mcpServers` entry and the MCP routes' bodies and answers.
 *
 * An entry is taken in the shape Claude Code's and Claude Desktop's config use, so it can be
 * pasted: `{ command, args?, env?, cwd? }` (stdio; `type: "stdio"` optional), `{ type: "http",
 * url, headers? }` (Streamable HTTP) or `{ type: "sse", url, headers? }`. The schema takes every
 * field of the three shapes; lib/agent/mcp-config.ts reads it into one of them, naming the field
 * at fault (`/server/url is required for an http server`).
 */

const Strings = Type.Record(Type.String(), Type.String({ maxLength: 10_000 }), { maxProperties: 200 });

export const McpServerEntry = Type.Object(
  {
    type: Type.Optional(Type.Union([Type.Literal("stdio"), Type.Literal("http"), Type.Literal("sse")])),
    command: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    args: Type.Optional(Type.Array(Type.String({ maxLength: 10_000 }), { maxItems: 200 })),
    env: Type.Optional(Strings),
    cwd: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    headers: Type.Optional(Strings),
    /** Toolscope's own field: each tool call's time limit in ms (default the pipeline's 10 000). */
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 600_000 })),
  },
  { additionalProperties: false },
);
export type McpServerEntry = Static<typeof McpServerEntry>;

/** A server's name in `mcpServers`: its tools are `mcp__<name>__<tool>`. */
export const MCP_SERVER_NAME = "^[A-Za-z0-9_-]{1,40}$";

/** `mcpServers: { [name]: McpServerConfig }` in `POST /api/sessions` and `PATCH /api/sessions/:id`. */
export const McpServers = Type.Record(Type.String({ pattern: MCP_SERVER_NAME }), McpServerEntry, {
  maxProperties: 20,
});
export type McpServers = Static<typeof McpServers>;

/** An entry as recorded (`type` always present). */
export const RecordedMcpServer = typed<RecordedServerConfig>(McpServerEntry);

/** `POST /api/mcp/inspect`. */
export const InspectBody = Type.Object({ server: McpServerEntry }, { additionalProperties: false });
export type InspectBody = Static<typeof InspectBody>;

/** One lint finding (lib/schema's lint), as `POST /api/schema/lint` answers them. */
const Diagnostic = Type.Object(
  {
    rule: Type.String(),
    severity: Type.String(),
    path: Type.String(),
    message: Type.String(),
    provider: Type.Optional(Type.String()),
  },
  closed,
);

const Json = Type.Object({}, { additionalProperties: true });

/** One tool of an inspected server: what it says, the metadata Toolscope derives, and lint. */
export const InspectedTool = Type.Object(
  {
    name: Type.String(),
    /** The session's name for it when the server is named `server` in a session. */
    sessionName: Type.String(),
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    inputSchema: Json,
    outputSchema: Type.Optional(Json),
    annotations: Type.Optional(Json),
    meta: ToolMeta,
    /** Why each derived hint is what it is: `annotated` (the server said so) or `default` (the MCP spec's default). */
    metaFrom: Type.Record(Type.String(), Type.Union([Type.Literal("annotated"), Type.Literal("default")])),
    lint: Type.Array(Diagnostic),
  },
  closed,
);
export type InspectedTool = Static<typeof InspectedTool>;

/** `200` of `POST /api/mcp/inspect`. */
export const InspectReply = Type.Object(
  {
    serverInfo: Type.Object(
      { name: Type.String(), version: Type.String(), title: Type.Optional(Type.String()) },
      { additionalProperties: true },
    ),
    protocolVersion: Type.String(),
    capabilities: Json,
    instructions: Type.Optional(Type.String()),
    tools: Type.Array(InspectedTool),
    /** What the server wrote to stderr while it was inspected (stdio; bounded). */
    stderr: Type.Optional(Type.String()),
  },
  closed,
);
export type InspectReply = Static<typeof InspectReply>;

/** `POST /api/mcp/call`: one tool called directly (the replay dialog), outside any session. */
export const McpCallBody = Type.Object(
  {
    server: McpServerEntry,
    name: Type.String({ minLength: 1, maxLength: 256 }),
    arguments: Type.Optional(Json),
    /** How long to wait for the answer; default 30 000 ms. A longer call is cancelled (`notifications/cancelled`). */
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 600_000 })),
  },
  { additionalProperties: false },
);
export type McpCallBody = Static<typeof McpCallBody>;

/** One JSON-RPC message of a call, as `mcp.message` records it. */
const WireMessage = Type.Object(
  { direction: Type.Union([Type.Literal("out"), Type.Literal("in")]), message: Json },
  closed,
);

/** `200` of `POST /api/mcp/call`: the server's raw result, the result as a session's model would see it, and the wire. */
export const McpCallReply = Type.Object(
  {
    result: Json,
    normalized: Type.Object(
      {
        content: Type.String(),
        isError: Type.Boolean(),
        /** `structuredContent` against `outputSchema`: `null` when the tool declares none. */
        structured: Type.Union([
          Type.Null(),
          Type.Object({ valid: Type.Boolean(), message: Type.String() }, closed),
        ]),
      },
      closed,
    ),
    messages: Type.Array(WireMessage),
    ms: Type.Number({ minimum: 0 }),
  },
  closed,
);
export type McpCallReply = Static<typeof McpCallReply>;

/** `200` of `POST /api/sessions/:id/mcp/trust`: the servers now trusted, and what connecting them found. */
export const McpTrustReply = Type.Object(
  {
    trusted: Type.Array(Type.String()),
    connected: Type.Array(Type.String()),
    failed: Type.Array(Type.Object({ server: Type.String(), error: Type.String() }, closed)),
  },
  closed,
);
export type McpTrustReply = Static<typeof McpTrustReply>;

/** `GET /api/mcp/servers`: the servers `TOOLSCOPE_MCP_CONFIG` offers every new session. */
export const McpOfferedServers = Type.Object(
  {
    mcpServers: Type.Record(Type.String(), RecordedMcpServer),
    /** The file they came from, or null when the variable is unset; `error` when it could not be read. */
    file: Type.Union([Type.String(), Type.Null()]),
    error: Type.Optional(Type.String()),
  },
  closed,
);
export type McpOfferedServers = Static<typeof McpOfferedServers>;
