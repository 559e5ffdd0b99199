import "server-only";
import type { CreateSessionBody } from "@/lib/contract/sessions";
import { seedWorkspace } from "@/lib/tools/registry";
import {
  NO_BREAKPOINTS,
  type McpServerConfig,
  type ProviderConfig,
  type SessionConfig,
  type ToolDefinition,
} from "@/lib/trace/config";
import type { NewEvent } from "@/lib/trace/events";
import { newId } from "./ids";
import { createLessonSession } from "./lesson-session";
import { findLiveRun, isRunLiveElsewhere, LIVE_ELSEWHERE } from "./live-run";
import { refuse, succeed, type Outcome } from "./outcome";
import { resolveTools } from "./resolve-tools";
import type { Runtime } from "./runtime";

/**
 * Creates a session: resolves its tools, checks its provider, and appends `session.created`
 * with the workspace seed — the session row and its first event in one transaction, so a
 * refused or failed create leaves nothing behind. Never starts a run. A body with `scenario` is
 * a lesson session (`createLessonSession`).
 */
/** A new session's MCP servers, already connected and listed (lib/agent/mcp-sessions.ts). */
export interface NewSessionServers {
  id: string;
  servers: Record<string, McpServerConfig>;
  tools: ToolDefinition[];
  /** `mcp.connected` / `mcp.failed`, appended after `session.created`. */
  events: NewEvent[];
}

export function createSession(
  runtime: Runtime,
  body: CreateSessionBody,
  mcp?: NewSessionServers,
): Outcome<{ id: string }> {
  if (body.scenario !== undefined) return createLessonSession(runtime, body);
  const tools = resolveTools(body.tools);
  if (!tools.ok) return tools;
  const provider: ProviderConfig = body.provider ?? { kind: "offline" };
  const providerProblem = runtime.providers.check(provider);
  if (providerProblem) return refuse("invalid", providerProblem, "/provider/kind");

  const id = mcp?.id ?? newId("ses");
  const config: SessionConfig = {
    title: body.title?.trim() || "New session",
    provider,
    system: body.system ?? "",
    tools: mcp ? [...tools.value, ...mcp.tools] : tools.value,
    policy: body.policy ?? {},
    scenario: null,
    breakpoints: { ...NO_BREAKPOINTS },
    ...(mcp ? { mcpServers: mcp.servers } : {}),
  };
  runtime.store.transaction(() => {
    runtime.store.createSession({ id, title: config.title, provider });
    runtime.store.append(id, { kind: "session.created", config, workspace: seedWorkspace() });
    for (const event of mcp?.events ?? []) runtime.store.append(id, event);
  });
  return succeed({ id });
}

/**
 * `DELETE /api/sessions/:id`: removes the session and its events (its forks stay). A conflict
 * while a run is live (`findLiveRun`), `not_found` for an unknown id.
 */
export function deleteSession(runtime: Runtime, id: string): Outcome<null> {
  if (findLiveRun(runtime, id))
    return refuse("conflict", "A run is live in this session; interrupt it before deleting.");
  if (isRunLiveElsewhere(runtime, id)) return refuse("conflict", LIVE_ELSEWHERE);
  if (!runtime.store.deleteSession(id)) return refuse("not_found", `No session with id ${id}.`);
  // Its MCP servers end with it (in the background: the answer does not wait for them to exit).
  void runtime.mcp.stopSession(id);
  return succeed(null);
}
