import "server-only";
import { isDeepStrictEqual } from "node:util";
import type { ConfigureBody } from "@/lib/contract/sessions";
import type { McpServerConfig, SessionConfig, ToolDefinition } from "@/lib/trace/config";
import type { NewEvent, SessionConfigured } from "@/lib/trace/events";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { findLiveRun, isRunLiveElsewhere, LIVE_ELSEWHERE } from "./live-run";
import { refuse, succeed, type Outcome } from "./outcome";
import { resolveTools } from "./resolve-tools";
import type { Runtime } from "./runtime";
import { getSessionDetail, type SessionDetail } from "./session-detail";

/** What `session.configured` records: each changed field, before and after. */
export type ConfigChanges = SessionConfigured["changes"];

/** The configuration fields a PATCH or a fork may edit. */
export type ConfigEdits = Pick<ConfigureBody, "title" | "system" | "tools" | "policy" | "provider">;

const LIVE =
  "A run is live in this session; wait for it to end, or interrupt it, before changing its configuration.";

/** New MCP servers for a PATCH, connected and listed (lib/agent/mcp-sessions.ts): the whole set, and the tools of each. */
export interface ServerEdits {
  servers: Record<string, McpServerConfig>;
  /** The MCP tools the session has from now on. */
  tools: ToolDefinition[];
  /** `mcp.connected` / `mcp.failed`, appended after the `session.configured`. */
  events: NewEvent[];
}

/**
 * Validates edits as session creation does — tools resolved (built-ins expanded, a name used
 * twice refused), the provider checked with `runtime.providers.check`, a title not blank — and
 * returns only the fields whose value changes, with before and after. A refusal is `invalid`, its
 * path is prefixed with `pointer` (a fork passes `/edits`). An MCP server's tools stay when `tools` is edited (the edit names the other tools); with
 * `mcp`, the servers and their tools are replaced.
 */
export function resolveConfigChanges(
  runtime: Runtime,
  current: SessionConfig,
  edits: ConfigEdits,
  pointer = "",
  mcp?: ServerEdits,
): Outcome<ConfigChanges> {
  const next: Partial<SessionConfig> = {};
  if (edits.title !== undefined) {
    const title = edits.title.trim();
    if (!title) return refuse("invalid", `${pointer}/title: the title must not be blank`, `${pointer}/title`);
    next.title = title;
  }
  if (edits.system !== undefined) next.system = edits.system;
  if (edits.policy !== undefined) next.policy = edits.policy;
  if (edits.tools !== undefined) {
    const tools = resolveTools(edits.tools);
    if (!tools.ok)
      return refuse(
        "invalid",
        `${pointer}${tools.problem.error}`,
        `${pointer}${tools.problem.path ?? "/tools"}`,
      );
    next.tools = [...tools.value, ...(mcp ? mcp.tools : current.tools.filter((tool) => tool.source))];
  } else if (mcp) {
    next.tools = [...current.tools.filter((tool) => !tool.source), ...mcp.tools];
  }
  if (mcp) next.mcpServers = mcp.servers;
  if (edits.provider !== undefined) {
    const problem = runtime.providers.check(edits.provider);
    if (problem) return refuse("invalid", problem, `${pointer}/provider/kind`);
    next.provider = edits.provider;
  }
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, after] of Object.entries(next)) {
    const before = current[key as keyof SessionConfig];
    if (!isDeepStrictEqual(before, after)) changes[key] = { before, after };
  }
  return succeed(changes as ConfigChanges);
}

/**
 * `PATCH /api/sessions/:id`: appends one `session.configured` holding only the fields that
 * change (none change: nothing is appended) and, when the title changes, renames the sessions
 * row — both in one transaction. `not_found` for an unknown session, `conflict` while a run is live, `invalid`
 * naming the field. Replies with the session as `GET /api/sessions/:id` shows it, its provider
 * taken from the configuration (the sessions row keeps the provider the session was created with).
 */
export function configureSession(
  runtime: Runtime,
  sessionId: string,
  body: ConfigureBody,
  mcp?: ServerEdits,
): Outcome<{ session: SessionDetail["session"] }> {
  if (!runtime.store.getSession(sessionId)) return refuse("not_found", `No session with id ${sessionId}.`);
  const events = runtime.store.events(sessionId);
  if (findLiveRun(runtime, sessionId, events)) return refuse("conflict", LIVE);
  if (isRunLiveElsewhere(runtime, sessionId)) return refuse("conflict", LIVE_ELSEWHERE);
  const config = projectSessionConfig(events);
  if (!config) return refuse("not_found", `Session ${sessionId} has no configuration event.`);
  const changes = resolveConfigChanges(runtime, config, body, "", mcp);
  if (!changes.ok) return changes;

  if (Object.keys(changes.value).length > 0 || (mcp?.events.length ?? 0) > 0) {
    runtime.store.transaction(() => {
      if (Object.keys(changes.value).length > 0)
        runtime.store.append(sessionId, { kind: "session.configured", changes: changes.value });
      for (const event of mcp?.events ?? []) runtime.store.append(sessionId, event);
      if (changes.value.title) runtime.store.updateTitle(sessionId, changes.value.title.after);
      if (changes.value.provider) runtime.store.updateProvider(sessionId, changes.value.provider.after);
    });
  }
  const detail = getSessionDetail(runtime, sessionId);
  if (!detail.ok) return detail;
  return succeed({ session: detail.value.session });
}
