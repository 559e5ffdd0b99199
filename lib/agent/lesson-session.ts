import "server-only";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { findScenario } from "@/lib/lessons";
import { toToolDefinition } from "@/lib/mcp/tool-meta";
import type { Scenario } from "@/lib/lessons/types";
import type { CreateSessionBody } from "@/lib/contract/sessions";
import { expandBuiltin, seedWorkspace } from "@/lib/tools/registry";
import {
  NO_BREAKPOINTS,
  type ProviderConfig,
  type SessionConfig,
  type ToolDefinition,
} from "@/lib/trace/config";
import { refuse, succeed, type Outcome } from "./outcome";
import { newId } from "./ids";
import type { Runtime } from "./runtime";

/** The fields a lesson decides; a create body that sets one of them besides `scenario` is `invalid`. */
const LESSON_FIELDS = ["provider", "system", "tools", "policy"] as const;

/**
 * A lesson's tools as the log records them: a name is a built-in, expanded as `POST
 * /api/sessions` expands `{ builtin }`; a definition is kept as written (copied) — with its
 * `builtin`, when it has one, so a built-in with an edited description still runs the built-in.
 * An unknown built-in or a name used twice is a refusal naming the entry.
 */
export function resolveLessonTools(
  tools: readonly (string | ToolDefinition)[],
  pointer = "/tools",
): Outcome<ToolDefinition[]> {
  const resolved: ToolDefinition[] = [];
  for (const [index, entry] of tools.entries()) {
    const tool = typeof entry === "string" ? expandBuiltin(entry) : structuredClone(entry);
    if (!tool) return refuse("invalid", `${pointer}/${index}: no built-in tool named "${String(entry)}"`);
    if (resolved.some((other) => other.name === tool.name))
      return refuse("invalid", `${pointer}/${index}: the tool name "${tool.name}" is used twice`);
    resolved.push(tool);
  }
  return succeed(resolved);
}

/** The offline provider a lesson runs on: its wire, tool choice, pace and faults. */
export function buildLessonProvider(scenario: Scenario): ProviderConfig {
  return {
    kind: "offline",
    ...structuredClone(scenario.provider ?? {}),
    ...(scenario.faults && scenario.faults.length > 0
      ? { faults: structuredClone([...scenario.faults]) }
      : {}),
  };
}

/**
 * The configuration a lesson session starts with (no breakpoints: the guide pane sets its own).
 * A lesson's MCP tools are made from its servers' listings as `mcp.connected` would (lib/mcp's
 * `toToolDefinition`); the servers start lazily, at the first call.
 */
export function buildLessonConfig(scenario: Scenario, title?: string): Outcome<SessionConfig> {
  const tools = resolveLessonTools(scenario.tools);
  if (!tools.ok) return tools;
  const mcp = scenario.mcp;
  const mcpTools = Object.entries(mcp?.tools ?? {}).flatMap(([server, listed]) =>
    listed.map((tool) => toToolDefinition(server, structuredClone(tool) as Tool)),
  );
  return succeed({
    title: title?.trim() || scenario.title.en,
    provider: buildLessonProvider(scenario),
    system: scenario.system,
    tools: [...tools.value, ...mcpTools],
    policy: structuredClone(scenario.policy),
    scenario: scenario.id,
    breakpoints: { ...NO_BREAKPOINTS },
    ...(mcp ? { mcpServers: structuredClone({ ...mcp.servers }) } : {}),
  });
}

/**
 * `POST /api/sessions { scenario }`: a session set up as the lesson does — title (the body's, else
 * the lesson's English title), system prompt, tools, policy, the offline provider with the
 * lesson's wire, tool choice, pace and faults, the built-in workspace seed plus the lesson's
 * files, `scenario` in the config, no breakpoints. An unknown id is `invalid` naming `/scenario`; a
 * body that also sets what the lesson decides (provider, system, tools, policy) is `invalid` naming
 * that field. Never starts a run.
 */
export function createLessonSession(runtime: Runtime, body: CreateSessionBody): Outcome<{ id: string }> {
  const scenario = body.scenario === undefined ? undefined : findScenario(body.scenario);
  if (!scenario) return refuse("invalid", `No scenario named "${body.scenario ?? ""}" exists.`, "/scenario");
  const extra = LESSON_FIELDS.find((field) => body[field] !== undefined);
  if (extra)
    return refuse(
      "invalid",
      `/${extra}: a lesson session takes its ${extra} from the lesson; send only { scenario, title? }.`,
      `/${extra}`,
    );
  const config = buildLessonConfig(scenario, body.title);
  if (!config.ok) return config;
  const problem = runtime.providers.check(config.value.provider);
  if (problem) return refuse("invalid", problem, "/scenario");

  const id = newId("ses");
  const workspace = { ...seedWorkspace(), ...(scenario.workspace ?? {}) };
  runtime.store.transaction(() => {
    runtime.store.createSession({ id, title: config.value.title, provider: config.value.provider });
    runtime.store.append(id, { kind: "session.created", config: config.value, workspace });
  });
  return succeed({ id });
}
