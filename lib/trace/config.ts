/**
 * Session configuration as it is recorded in `session.created` and `session.configured`.
 * These shapes are docs/api.md's `ToolDefinition`, `ProviderConfig` and `PolicyConfig`.
 */

export interface ToolMeta {
  readOnly?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
  concurrencySafe?: boolean;
  needsApproval?: boolean;
  timeoutMs?: number;
}

export type ToolMock = { kind: "static"; result: unknown } | { kind: "echo" } | { kind: "manual" };

/**
 * A tool as the session knows it: Anthropic's shape plus metadata. A built-in tool is recorded
 * fully expanded, with `builtin` naming its implementation, so the log is self-contained.
 */
export interface ToolDefinition {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
  strict?: boolean;
  meta?: ToolMeta;
  mock?: ToolMock;
  builtin?: string;
  /** A tool an MCP server provides: which server (by its name in `mcpServers`) and the tool's own name there. */
  source?: McpToolSource;
}

/**
 * Where an MCP tool comes from, and what its server said about it beyond `inputSchema`:
 * `outputSchema` (its `structuredContent` is checked against it) and `annotations` as given
 * (absent hints take the MCP defaults in `meta`).
 */
export interface McpToolSource {
  mcp: string;
  tool: string;
  outputSchema?: Record<string, unknown>;
  annotations?: McpToolAnnotations;
}

/** The MCP spec's tool annotations (all hints; absent means the spec's default). */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * One entry of `mcpServers`, in the shape Claude Code's and Claude Desktop's config use (a stdio
 * entry may omit `type`; it is recorded with it).
 */
export type McpServerConfig = (
  | { type: "stdio"; command: string; args?: string[]; env?: Record<string, string>; cwd?: string }
  | { type: "http"; url: string; headers?: Record<string, string> }
  | { type: "sse"; url: string; headers?: Record<string, string> }
) & {
  /** Toolscope's own: the time limit of each of its tools' calls (`meta.timeoutMs`; default the pipeline's). */
  timeoutMs?: number;
};

export type ProviderKind = "offline" | "anthropic" | "openai-chat" | "openai-responses";

export type ToolChoice = "auto" | "any" | "none" | { name: string };

export interface Fault {
  kind: "cut-stream" | "overloaded" | "http-status" | "garbled-json" | "slow-first-byte";
  turn?: number;
  afterEvents?: number;
  status?: number;
  retryAfter?: number;
  delayMs?: number;
  times?: number;
}

export interface ProviderConfig {
  kind: ProviderKind;
  model?: string;
  baseURL?: string;
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  wire?: "anthropic" | "openai-chat" | "openai-responses";
  /** Offline: events per second of virtual time; 0 = as fast as possible. */
  pace?: number;
  faults?: Fault[];
}

export interface PolicyRule {
  id: string;
  stage: "preflight" | "post";
  tool: string;
  when?: { pointer: string; equals?: unknown; regex?: string; outsideWorkspace?: boolean }[];
  action: string;
  reason?: string;
  arguments?: Record<string, unknown>;
}

export interface PolicyConfig {
  batch?: "all-or-nothing" | "independent";
  hookFailure?: "fail-closed" | "fail-open";
  rules?: PolicyRule[];
  hooks?: ("stale-file-check" | "idempotency-guard")[];
  maxResultChars?: number;
  redact?: string[];
}

export interface Breakpoints {
  beforeRequest: boolean;
  onWireEvent: boolean;
  beforeExecute: boolean;
  afterResult: boolean;
  endOfTurn: boolean;
}

export const NO_BREAKPOINTS: Breakpoints = Object.freeze({
  beforeRequest: false,
  onWireEvent: false,
  beforeExecute: false,
  afterResult: false,
  endOfTurn: false,
});

export interface SessionConfig {
  title: string;
  provider: ProviderConfig;
  system: string;
  tools: ToolDefinition[];
  policy: PolicyConfig;
  scenario: string | null;
  breakpoints: Breakpoints;
  /** MCP servers by name; their tools are in `tools` as `mcp__<name>__<tool>`. Absent: none. */
  mcpServers?: Record<string, McpServerConfig>;
}

/** The sandbox seed: workspace-relative path → file content. */
export type WorkspaceFiles = Record<string, string>;
