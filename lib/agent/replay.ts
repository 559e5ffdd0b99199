import "server-only";
import { createPipelineContext } from "@/lib/pipeline/context";
import { compileSecretPatterns } from "@/lib/pipeline/policy";
import { runBatch } from "@/lib/pipeline/run-batch";
import type { Decision, NormalizedResult } from "@/lib/pipeline/types";
import { validateForModel } from "@/lib/pipeline/validator";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import type { ReplayBody } from "@/lib/contract/replay";
import { createSessionRedactor } from "@/lib/store/redact";
import type { ToolDefinition } from "@/lib/trace/config";
import type { CallReplayed, TraceEvent, WorkspaceChange } from "@/lib/trace/events";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { isMcpTrusted } from "@/lib/trace/mcp-trust";
import { findLiveRun } from "./live-run";
import { createMcpCaller } from "./mcp-servers";
import { refuse, succeed, type Outcome } from "./outcome";
import { resolveTools } from "./resolve-tools";
import type { Runtime } from "./runtime";

/** What a replay answers: the stages and result, plus the side effects it had in its own sandbox. */
export interface ReplayReply {
  stages: CallReplayed["stages"];
  result: NormalizedResult;
  /** What the replayed call changed in the replay's throwaway workspace (never the session's). */
  changes: WorkspaceChange[];
}

const LIVE = "A run is live in this session; wait for it to end, or interrupt it, before replaying a call.";

/**
 * `POST .../calls/:callId/replay`: runs one recorded call through the pipeline again and
 * appends exactly one `call.replayed` event — nothing else of the replay reaches the log, and
 * none of its side effects reach the session's workspace.
 *
 * - The call is found among the tool calls of the log's `turn.completed` events (`not_found` if none).
 * - Tool: the given one (a built-in reference, or a definition that stands in for the call's
 *   tool whatever its name; a definition with no mock for a built-in keeps the built-in's
 *   implementation), else the session's current definition. Policy: the session's current one.
 * - Arguments: the given ones (an object, or a JSON string as OpenAI sends it), else the
 *   original call's, exactly as streamed.
 * - Workspace and log: as they were at the call — every event before its first `tool.stage`
 *   (before its `turn.completed` ended, for a call that never reached the pipeline), so the
 *   hooks read the log as it was then. Time is a virtual clock: a timeout costs no waiting.
 * - Approval: a call that needs it gets `decision` from the body; without one it is **denied**
 *   (`denied_by_user`, reason "no decision was given for this replay") and nothing runs.
 * - A tool whose mock is `manual` needs a person: `unprocessable`. A live run: `conflict`.
 * - An MCP tool (`mcp__server__tool`) calls its server again — started when it is not running,
 *   the arguments checked against its `inputSchema` first (the `validate` stage) — on the real
 *   clock (the server's time is real). An untrusted session's server is never started:
 *   `conflict`; a server the session no longer has: `unprocessable`.
 */
export async function replayCall(
  runtime: Runtime,
  sessionId: string,
  callId: string,
  body: ReplayBody,
): Promise<Outcome<ReplayReply>> {
  if (!runtime.store.getSession(sessionId)) return refuse("not_found", `No session with id ${sessionId}.`);
  const events = runtime.store.events(sessionId);
  if (findLiveRun(runtime, sessionId, events)) return refuse("conflict", LIVE);
  const found = findRecordedCall(events, callId);
  if (!found) return refuse("not_found", `No tool call with id ${callId} in session ${sessionId}.`);
  const config = projectSessionConfig(events);
  if (!config) return refuse("not_found", `Session ${sessionId} has no configuration event.`);

  const tools = new Map(config.tools.map((tool) => [tool.name, tool]));
  if (body.tool !== undefined) {
    const given = resolveTools([body.tool]);
    if (!given.ok) {
      const path = (given.problem.path ?? "/tools/0").replace("/tools/0", "/tool");
      return refuse("invalid", given.problem.error.replace("/tools/0", "/tool"), path);
    }
    tools.set(found.call.name, keepBuiltin(given.value[0]!, tools.get(found.call.name)));
  }
  const tool = tools.get(found.call.name);
  if (tool?.mock?.kind === "manual")
    return refuse(
      "unprocessable",
      `${found.call.name} has a manual mock, which needs a person; it cannot be replayed.`,
    );

  const mcp = tool?.source;
  const servers = config.mcpServers ?? {};
  if (mcp) {
    if (!Object.hasOwn(servers, mcp.mcp))
      return refuse(
        "unprocessable",
        `${found.call.name} comes from the MCP server ${mcp.mcp}, which this session no longer has; it cannot be replayed.`,
      );
    if (!isMcpTrusted(runtime.store.getSession(sessionId)!.source, events))
      return refuse(
        "conflict",
        `${found.call.name} comes from the MCP server ${mcp.mcp}, which came with an imported or forked session: it starts only once a person trusts the session (POST /api/sessions/${sessionId}/mcp/trust). Nothing ran.`,
      );
  }

  const call: ToolCallBlock =
    body.arguments === undefined
      ? found.call
      : {
          ...found.call,
          arguments: body.arguments,
          rawArguments: typeof body.arguments === "string" ? body.arguments : JSON.stringify(body.arguments),
        };
  const log: TraceEvent[] = events.filter((event) => event.seq < found.cut);
  const decision: Decision = body.decision ?? {
    decision: "deny",
    reason: "no decision was given for this replay",
  };
  const batch = await runBatch({
    calls: [call],
    context: createPipelineContext({
      turn: found.turn,
      tools,
      policy: config.policy,
      hooks: runtime.hooks,
      validate: validateForModel,
      clock: mcp ? runtime.clock : createVirtualClock(runtime.clock.now(), { autoAdvance: true }),
      log,
      sessionId,
      ...(mcp ? { mcp: createMcpCaller(runtime, sessionId, servers, true) } : {}),
      awaitDecision: async () => decision,
    }),
  });
  const replayed = log.slice(found.cut);
  const changes = replayed.flatMap((event) => (event.kind === "workspace.changed" ? [event.change] : []));
  // What is recorded and answered passes the same redaction as every event of a run: the
  // session's own patterns here, the store's built-in ones on append.
  const redactSession = createSessionRedactor(compileSecretPatterns(config.policy.redact ?? []).patterns);
  const recorded = runtime.store.append(
    sessionId,
    redactSession({
      kind: "call.replayed",
      callId,
      arguments: call.arguments === null ? call.rawArguments : call.arguments,
      tool: tool ?? null,
      stages: summarizeStages(replayed, callId),
      result: readResult(replayed, callId) ?? { content: batch.results[0]!.content, isError: true },
    }),
  ) as CallReplayed;
  return succeed({ stages: recorded.stages, result: recorded.result, changes: redactSession(changes) });
}

/** The recorded call, its turn, and the seq before which the log is "as it was at that call". */
function findRecordedCall(events: readonly TraceEvent[], callId: string) {
  for (const event of events) {
    if (event.kind !== "turn.completed") continue;
    const call = event.unified.content.find(
      (block): block is ToolCallBlock => block.type === "toolCall" && block.id === callId,
    );
    if (!call) continue;
    const firstStage = events.find(
      (e) => e.seq > event.seq && e.kind === "tool.stage" && e.callId === callId,
    );
    return { call, turn: event.turn, cut: firstStage?.seq ?? event.seq + 1 };
  }
  return null;
}

/** A custom definition with no mock, given for a built-in tool, keeps the built-in's implementation. */
function keepBuiltin(given: ToolDefinition, current: ToolDefinition | undefined): ToolDefinition {
  return !given.builtin && !given.mock && current?.builtin ? { ...given, builtin: current.builtin } : given;
}

/** Each stage's final state for the call, in the order the stages ended. */
function summarizeStages(log: readonly TraceEvent[], callId: string): CallReplayed["stages"] {
  return log.flatMap((event) =>
    event.kind === "tool.stage" &&
    event.callId === callId &&
    event.status !== "running" &&
    event.status !== "waiting"
      ? [
          {
            stage: event.stage,
            status: event.status,
            ...(event.output ? { detail: event.output } : {}),
            ms: event.ms ?? 0,
          },
        ]
      : [],
  );
}

function readResult(log: readonly TraceEvent[], callId: string): NormalizedResult | null {
  const result = log.find((event) => event.kind === "tool.result" && event.callId === callId);
  if (result?.kind !== "tool.result") return null;
  return {
    content: result.content,
    isError: result.isError,
    ...(result.errorKind ? { errorKind: result.errorKind } : {}),
    ...(result.hint ? { hint: result.hint } : {}),
  };
}
