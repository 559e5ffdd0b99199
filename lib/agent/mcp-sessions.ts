import "server-only";
import type { CreateSessionBody, ConfigureBody } from "@/lib/contract/sessions";
import type { McpSessionServers, McpTrustReply } from "@/lib/contract/mcp";
import type { McpServerConfig, ToolDefinition } from "@/lib/trace/config";
import type { NewEvent } from "@/lib/trace/events";
import { isMcpTrusted } from "@/lib/trace/mcp-trust";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { configureSession } from "./configure";
import { newId } from "./ids";
import { findLiveRun } from "./live-run";
import { readMcpServers } from "./mcp-config";
import { connectAndList, listingEvents, replaceServerTools, type ServerListing } from "./mcp-servers";
import { refuse, succeed, type Outcome } from "./outcome";
import { resolveTools } from "./resolve-tools";
import type { Runtime } from "./runtime";
import { createSession } from "./sessions";
import type { SessionDetail } from "./session-detail";

const LIVE = "A run is live in this session; wait for it to end, or interrupt it, first.";

/** Connects and lists every server at once (each bounded by the connect timeout). */
function listAll(
  runtime: Runtime,
  sessionId: string,
  servers: Readonly<Record<string, McpServerConfig>>,
  reason: "configured" | "trusted",
): Promise<ServerListing[]> {
  return Promise.all(
    Object.entries(servers).map(([name, config]) => connectAndList(runtime, sessionId, name, config, reason)),
  );
}

/**
 * `POST /api/sessions` with MCP servers — the body's `mcpServers`, else those
 * `TOOLSCOPE_MCP_CONFIG` offers: each is started (a person entered it here) and listed, its
 * tools join the session's as `mcp__<server>__<tool>`, and `mcp.connected` (or `mcp.failed`, the
 * session is still made) follows `session.created`. The rest of the body is checked first, so a
 * refused body starts nothing. Without servers, exactly `createSession`.
 */
export async function createSessionWithMcp(
  runtime: Runtime,
  body: CreateSessionBody,
): Promise<Outcome<{ id: string }>> {
  if (body.scenario !== undefined) {
    if (body.mcpServers !== undefined && Object.keys(body.mcpServers).length > 0)
      return refuse("invalid", "/mcpServers: a lesson session has the lesson's tools only", "/mcpServers");
    return createSession(runtime, body);
  }
  let servers: Record<string, McpServerConfig>;
  if (body.mcpServers !== undefined) {
    const read = readMcpServers(body.mcpServers, "/mcpServers");
    if (!read.ok) return read;
    servers = read.value;
  } else servers = runtime.offeredMcpServers().mcpServers;
  if (Object.keys(servers).length === 0) return createSession(runtime, body);

  const tools = resolveTools(body.tools);
  if (!tools.ok) return tools;
  const providerProblem = runtime.providers.check(body.provider ?? { kind: "offline" });
  if (providerProblem) return refuse("invalid", providerProblem, "/provider/kind");

  const id = newId("ses");
  const listings = await listAll(runtime, id, servers, "configured");
  const created = createSession(runtime, body, {
    id,
    servers,
    tools: dropTaken(
      tools.value,
      listings.flatMap((listing) => listing.tools),
    ),
    events: listings.flatMap(listingEvents),
  });
  if (!created.ok) await runtime.mcp.stopSession(id);
  return created;
}

/** MCP tools whose name another tool already has are left out (the session's own come first). */
function dropTaken(own: readonly ToolDefinition[], mcp: readonly ToolDefinition[]): ToolDefinition[] {
  const taken = new Set(own.map((tool) => tool.name));
  return mcp.filter((tool) => !taken.has(tool.name) && (taken.add(tool.name), true));
}

/**
 * `PATCH /api/sessions/:id` with `mcpServers` (the whole set): a server left out is stopped and
 * its tools go; a new or changed one is started and listed (a person entered it); one unchanged
 * keeps its tools and is not started (in an untrusted session it stays data). The rest of the
 * PATCH as `configureSession`; `session.configured` records `mcpServers` and `tools`.
 */
export async function configureSessionWithMcp(
  runtime: Runtime,
  sessionId: string,
  body: ConfigureBody,
): Promise<Outcome<{ session: SessionDetail["session"] }>> {
  if (body.mcpServers === undefined) return configureSession(runtime, sessionId, body);
  if (!runtime.store.getSession(sessionId)) return refuse("not_found", `No session with id ${sessionId}.`);
  const events = runtime.store.events(sessionId);
  if (findLiveRun(runtime, sessionId, events)) return refuse("conflict", LIVE);
  const config = projectSessionConfig(events);
  if (!config) return refuse("not_found", `Session ${sessionId} has no configuration event.`);
  const read = readMcpServers(body.mcpServers, "/mcpServers");
  if (!read.ok) return read;
  const before = config.mcpServers ?? {};
  const servers = read.value;
  const changed = Object.fromEntries(
    Object.entries(servers).filter(([name, entry]) => JSON.stringify(before[name]) !== JSON.stringify(entry)),
  );
  await Promise.all(
    Object.keys(before)
      .filter((name) => !(name in servers) || name in changed)
      .map((name) => runtime.mcp.stop(sessionId, name)),
  );
  const listings = await listAll(runtime, sessionId, changed, "configured");
  let mcpTools = config.tools.filter((tool) => tool.source && tool.source.mcp in servers);
  for (const listing of listings) mcpTools = replaceServerTools(mcpTools, listing.server, listing.tools);
  const own = config.tools.filter((tool) => !tool.source);
  return configureSession(runtime, sessionId, body, {
    servers,
    tools: dropTaken(own, mcpTools),
    events: listings.flatMap(listingEvents),
  });
}

/**
 * `POST /api/sessions/:id/mcp/trust`: a person trusts the MCP servers an imported or forked
 * session carries. Appends `session.trusted { scope: "mcp", servers }`, then starts and lists each
 * (`mcp.connected` / `mcp.failed`; the tools recorded are replaced by what the server lists now,
 * with a `session.configured` when they differ). A session already trusted is trusted again: the
 * answer is the same. `conflict` while a run is live.
 */
export async function trustSessionMcp(runtime: Runtime, sessionId: string): Promise<Outcome<McpTrustReply>> {
  const row = runtime.store.getSession(sessionId);
  if (!row) return refuse("not_found", `No session with id ${sessionId}.`);
  const events = runtime.store.events(sessionId);
  if (findLiveRun(runtime, sessionId, events)) return refuse("conflict", LIVE);
  const config = projectSessionConfig(events);
  if (!config) return refuse("not_found", `Session ${sessionId} has no configuration event.`);
  const servers = config.mcpServers ?? {};
  const names = Object.keys(servers);
  const wasTrusted = isMcpTrusted(row.source, events);
  if (!wasTrusted) runtime.store.append(sessionId, { kind: "session.trusted", scope: "mcp", servers: names });
  const listings = await listAll(runtime, sessionId, servers, "trusted");
  let tools = config.tools;
  for (const listing of listings)
    if (listing.ok) tools = replaceServerTools(tools, listing.server, listing.tools);
  const appended: NewEvent[] = listings.flatMap((listing) => listing.wire);
  if (JSON.stringify(tools) !== JSON.stringify(config.tools))
    appended.push({ kind: "session.configured", changes: { tools: { before: config.tools, after: tools } } });
  appended.push(...listings.map((listing) => listing.event));
  runtime.store.transaction(() => appended.forEach((event) => runtime.store.append(sessionId, event)));
  return succeed({
    trusted: names,
    connected: listings.filter((listing) => listing.ok).map((listing) => listing.server),
    failed: listings
      .filter((listing) => !listing.ok)
      .map((listing) => ({
        server: listing.server,
        error: (listing.event as Extract<NewEvent, { kind: "mcp.failed" }>).error,
      })),
  });
}

/** `GET /api/sessions/:id/mcp`: the session's servers as configured now, which run, their stderr, and its trust. */
export function readSessionMcp(runtime: Runtime, sessionId: string): Outcome<McpSessionServers> {
  const row = runtime.store.getSession(sessionId);
  if (!row) return refuse("not_found", `No session with id ${sessionId}.`);
  const events = runtime.store.events(sessionId);
  const config = projectSessionConfig(events);
  const stderr = runtime.mcp.readStderr(sessionId);
  return succeed({
    trusted: isMcpTrusted(row.source, events),
    servers: Object.entries(config?.mcpServers ?? {}).map(([name, entry]) => ({
      name,
      config: entry,
      running: runtime.mcp.isOpen(sessionId, name),
      stderr: stderr[name] ?? "",
    })),
  });
}
