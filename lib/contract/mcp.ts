import { Type, type Static } from "@sinclair/typebox";
import { ToolMeta } from "./config";
import { LintDiagnostic } from "./schema";
import { closed } from "./helpers";

/**
 * docs/api.md, "MCP tool sources": one `mcpServers` entry as Claude Code and Claude Desktop write
 * it. The UI builds these from a pasted config (components/mcp/parse-server-config.ts).
 */
const Headers = Type.Record(Type.String(), Type.String());

export const McpStdioServer = Type.Object(
  {
    type: Type.Literal("stdio"),
    command: Type.String({ minLength: 1 }),
    args: Type.Optional(Type.Array(Type.String())),
    env: Type.Optional(Type.Record(Type.String(), Type.String())),
    cwd: Type.Optional(Type.String()),
  },
  closed,
);

export const McpRemoteServer = Type.Object(
  {
    type: Type.Union([Type.Literal("http"), Type.Literal("sse")]),
    url: Type.String({ minLength: 1 }),
    headers: Type.Optional(Headers),
  },
  closed,
);

export const McpServerConfig = Type.Union([McpStdioServer, McpRemoteServer]);
export type McpServerConfig = Static<typeof McpServerConfig>;

/** `mcpServers` of a session: server name → its configuration. */
export const McpServers = Type.Record(Type.String(), McpServerConfig);
export type McpServers = Static<typeof McpServers>;

/** `POST /api/mcp/inspect`. */
export const InspectBody = Type.Object({ server: McpServerConfig }, closed);
export type InspectBody = Static<typeof InspectBody>;

/** MCP's tool annotations (all hints; the spec's defaults apply where absent). */
export const McpAnnotations = Type.Object(
  {
    title: Type.Optional(Type.String()),
    readOnlyHint: Type.Optional(Type.Boolean()),
    destructiveHint: Type.Optional(Type.Boolean()),
    idempotentHint: Type.Optional(Type.Boolean()),
    openWorldHint: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type McpAnnotations = Static<typeof McpAnnotations>;

/** One tool as the server lists it, with the metadata Toolscope derives and its lint. */
export const InspectedTool = Type.Object(
  {
    name: Type.String(),
    /** The session's name for it when the server is named `server` in a session: `mcp__<server>__<name>`. */
    sessionName: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    inputSchema: Type.Object({}, { additionalProperties: true }),
    outputSchema: Type.Optional(Type.Object({}, { additionalProperties: true })),
    annotations: Type.Optional(McpAnnotations),
    meta: ToolMeta,
    /** Why each hint is what it is: the server said so, or the MCP spec's default. */
    metaFrom: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.Literal("annotated"), Type.Literal("default")])),
    ),
    lint: Type.Array(LintDiagnostic),
  },
  { additionalProperties: true },
);
export type InspectedTool = Static<typeof InspectedTool>;

/** `200` of `POST /api/mcp/inspect`. */
export const InspectReply = Type.Object(
  {
    serverInfo: Type.Object({ name: Type.String(), version: Type.String() }, { additionalProperties: true }),
    protocolVersion: Type.String(),
    capabilities: Type.Optional(Type.Object({}, { additionalProperties: true })),
    instructions: Type.Optional(Type.String()),
    tools: Type.Array(InspectedTool),
    /** What the server wrote to stderr while it was inspected. */
    stderr: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type InspectReply = Static<typeof InspectReply>;

/** `502` of the MCP routes: the server could not start or connect. */
export const McpFailure = Type.Object(
  { error: Type.String(), stderr: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
export type McpFailure = Static<typeof McpFailure>;

/** `POST /api/mcp/call`: one tool of one server, called directly. */
export const McpCallBody = Type.Object(
  {
    server: McpServerConfig,
    name: Type.String({ minLength: 1 }),
    arguments: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  closed,
);
export type McpCallBody = Static<typeof McpCallBody>;

const Json = Type.Object({}, { additionalProperties: true });

/** `200` of `POST /api/mcp/call`: the raw result, the result as a session's model would see it, and the wire. */
export const McpCallReply = Type.Object(
  {
    result: Json,
    normalized: Type.Object({
      content: Type.String(),
      isError: Type.Boolean(),
      structured: Type.Union([Type.Null(), Type.Object({ valid: Type.Boolean(), message: Type.String() })]),
    }),
    messages: Type.Array(
      Type.Object({ direction: Type.Union([Type.Literal("out"), Type.Literal("in")]), message: Json }),
    ),
    ms: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: true },
);
export type McpCallReply = Static<typeof McpCallReply>;

/** `200` of `POST /api/sessions/:id/mcp/trust`. */
export const McpTrustReply = Type.Object(
  {
    trusted: Type.Array(Type.String()),
    connected: Type.Array(Type.String()),
    failed: Type.Array(Type.Object({ server: Type.String(), error: Type.String() })),
  },
  { additionalProperties: true },
);
export type McpTrustReply = Static<typeof McpTrustReply>;
