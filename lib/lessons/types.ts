/**
 * Lessons (docs/api.md "Scenarios"): a scenario for the offline model — scripted model turns,
 * a tool set, a policy, optional faults and a workspace seed — plus the concepts it shows and a
 * guided text for each step, in English and Simplified Chinese.
 *
 * A script drives only the model. Every stage, decision and result still comes from the real
 * pipeline, so a lesson shows exactly what would happen to a real model that said the same thing.
 */
import type { StepMatch } from "@/lib/trace/lesson-steps";
import type {
  Fault,
  McpServerConfig,
  PolicyConfig,
  ProviderConfig,
  ToolDefinition,
  WorkspaceFiles,
} from "@/lib/trace/config";
import type { OfflineScript } from "@/lib/providers/offline/script-types";

/** The 33 concept ids of the course; every lesson declares the ones it shows. */
export const CONCEPTS = [
  "roles-vs-blocks",
  "provider-formats",
  "context-order",
  "stop-reason",
  "id-pairing",
  "sse-events",
  "partial-json",
  "unknown-tool",
  "schema-validation",
  "prepare-arguments",
  "preflight-block",
  "preflight-rewrite",
  "approval",
  "sandbox-boundary",
  "execute-progress",
  "timeout",
  "post-hook",
  "side-effects-not-undone",
  "terminate",
  "parallel-calls",
  "batch-all-or-nothing",
  "result-order",
  "error-kinds",
  "interruption-pairing",
  "thinking-blocks",
  "hook-failure-policy",
  "mid-stream-error",
  "stale-state",
  "idempotency",
  "description-is-prompt",
  "prompt-caching-prefix",
  "tool-choice",
  "max-tokens-cut",
] as const;

export type ConceptId = (typeof CONCEPTS)[number];

/** A text in both UI languages. */
export interface Localized {
  en: string;
  zh: string;
}

/** One step of the guide: what it points at, and two or three plain sentences about it. */
export interface LessonStep {
  /**
   * What the step points at, as docs/api.md names it: `event:<kind>`, `node:<stage>` (a pipeline stage
   * of the flow graph, e.g. `node:preflight`) or `block:<type>` (e.g. `block:tool_use`).
   */
  target: string;
  match: StepMatch;
  text: Localized;
}

/**
 * One scripted user message. `reconfigure` is applied first, as `PATCH /api/sessions/:id` would
 * (a `session.configured` event), so a lesson can run the same request under another policy,
 * system prompt or tool description.
 */
export interface LessonMessage {
  text: Localized;
  reconfigure?: {
    system?: string;
    tools?: readonly (string | ToolDefinition)[];
    policy?: PolicyConfig;
    /** Merged into the offline provider's settings (e.g. another `wire` for the same turn). */
    provider?: Scenario["provider"];
  };
}

/** One tool as an MCP server's `tools/list` gives it. */
export interface McpListedTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** A lesson: the session it sets up, its script, and its guide. */
export interface Scenario {
  id: string;
  title: Localized;
  summary: Localized;
  concepts: readonly ConceptId[];
  /** The session's system prompt. */
  system: string;
  /** Built-in tool names (resolved as `POST /api/sessions` resolves them) or full definitions. */
  tools: readonly (string | ToolDefinition)[];
  /**
   * MCP servers the lesson's session has (`mcpServers`), with the tools each lists — the session
   * knows them as `mcp__<server>__<tool>` from the start, with metadata from their annotations as
   * for any MCP server; the server itself starts at the first call.
   */
  mcp?: {
    servers: Readonly<Record<string, McpServerConfig>>;
    tools: Readonly<Record<string, readonly McpListedTool[]>>;
  };
  policy: PolicyConfig;
  /** Offline-model settings: wire format, tool choice, pace (events per virtual second). */
  provider?: Pick<ProviderConfig, "wire" | "toolChoice" | "pace" | "parallelToolCalls">;
  faults?: readonly Fault[];
  /** Files added to the built-in workspace seed. */
  workspace?: WorkspaceFiles;
  /** The user messages `POST .../messages {}` sends, in order. */
  messages: readonly LessonMessage[];
  /**
   * How the guide expects the person to answer the calls the run waits on, in the order the
   * waits come: `decisions` for approvals (past the list's end: approve), `manualResults` for
   * `manual` tools (past its end: "Done."). `runLesson` answers this way unless told otherwise.
   */
  answers?: { decisions?: readonly ("approve" | "deny")[]; manualResults?: readonly string[] };
  /** The offline model's turns (see `OfflineScript`): the only part of a lesson the model reads. */
  script: OfflineScript;
  steps: readonly LessonStep[];
}
