import "server-only";
import { compileSecretPatterns } from "@/lib/pipeline/policy";
import { runBatch } from "@/lib/pipeline/run-batch";
import { readScenarioPlanners } from "@/lib/lessons";
import { validateForModel } from "@/lib/pipeline/validator";
import { createSessionRedactor } from "@/lib/store/redact";
import type { RunTrigger } from "@/lib/trace/events";
import { findHeldProviderURL } from "@/lib/trace/provider-trust";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { deriveRunState } from "@/lib/trace/status";
import { RunGate } from "./gate";
import { newId } from "./ids";
import { findLiveRun, LIVE_ELSEWHERE } from "./live-run";
import { failCrashedRun } from "./recover";
import { prepareLessonMessage, type LessonLang } from "./lesson-messages";
import { runAgentLoop } from "./loop";
import { refuse, succeed, type Outcome } from "./outcome";
import { closeOrphanedRun, LEASE_MS } from "./leases";
import type { Runtime } from "./runtime";
import { estimateRequestTokens } from "./tokens";
import { createMcpCaller } from "./mcp-servers";
import { isMcpTrusted } from "@/lib/trace/mcp-trust";

const LIVE = "A run is live in this session; wait for it to end, or interrupt it.";

/**
 * Starts a run in the background and returns its id at once. One live run per session
 * (`findLiveRun`): a second one is a conflict. The run appends its own events; whatever
 * happens, it ends with `run.finished`, `run.interrupted` or `run.failed`.
 */
export function startRun(
  runtime: Runtime,
  sessionId: string,
  options: { trigger: RunTrigger; text?: string; stepping?: boolean },
): Outcome<{ runId: string }> {
  let events = runtime.store.events(sessionId);
  if (findLiveRun(runtime, sessionId, events)) return refuse("conflict", LIVE);
  if (deriveRunState(events).liveRunId) {
    // The log shows a run this process does not carry: another instance's (a live lease), or a
    // dead one. End a dead one first, as a restart would.
    if (runtime.store.leases?.isHeld(sessionId)) return refuse("conflict", LIVE_ELSEWHERE);
    closeOrphanedRun(runtime.store, sessionId, {
      reason: "no process was carrying this run when a new one started",
      why: "The run was lost",
    });
    events = runtime.store.events(sessionId);
  }
  const config = projectSessionConfig(events);
  if (!config) return refuse("conflict", "This session has no configuration event.");
  const held = findHeldProviderURL(events);
  if (held) return refuse("conflict", heldMessage(held.baseURL, sessionId));

  const runId = newId("run");
  const leases = runtime.store.leases;
  if (leases && !leases.claim(sessionId, runId, LEASE_MS)) return refuse("conflict", LIVE_ELSEWHERE);
  const controller = new AbortController();
  // The session's own redaction patterns run on every event of the run as it is appended (the
  // store adds the built-in ones), so no stage summary can carry such a secret into the log.
  const redactSession = createSessionRedactor(compileSecretPatterns(config.policy.redact ?? []).patterns);
  const emit = (event: Parameters<typeof runtime.store.append>[1]) =>
    runtime.store.append(sessionId, redactSession(event));
  const gate = new RunGate(runId, emit, config.breakpoints, controller.signal, options.stepping ?? false);
  const done = runAgentLoop(
    {
      runId,
      events,
      trigger: options.trigger,
      ...(options.text === undefined ? {} : { text: options.text }),
      signal: controller.signal,
    },
    {
      emit,
      provider: runtime.providers.create(config.provider, {
        clock: runtime.clock,
        tools: config.tools,
        planners: readScenarioPlanners(config.scenario),
      }),
      clock: runtime.clock,
      runBatch,
      estimateTokens: estimateRequestTokens,
      gate,
      validate: validateForModel,
      hooks: runtime.hooks,
      atomically: (work) => runtime.store.transaction(work),
      atomicallySoon: (work) =>
        runtime.store.transactionSoon ? runtime.store.transactionSoon(work) : runtime.store.transaction(work),
      ...(config.mcpServers
        ? {
            mcp: createMcpCaller(
              runtime,
              sessionId,
              config.mcpServers,
              isMcpTrusted(runtime.store.getSession(sessionId)?.source ?? "import", events),
            ),
            // A server's tools/list_changed during the run reaches its next request.
            readConfigured: (after: number) =>
              runtime.store
                .eventsOfKindsForReading(sessionId, ["session.configured"])
                .filter((event) => event.seq > after),
          }
        : {}),
    },
  )
    .catch((error: unknown) => {
      console.error(`toolscope: run ${runId} crashed`, error);
      failCrashedRun(runtime.store, sessionId, runId, error);
    })
    .finally(() => {
      if (runtime.runs.get(sessionId)?.runId === runId) runtime.runs.delete(sessionId);
      try {
        leases?.release(sessionId, runId);
      } catch (error) {
        // The lease then expires by itself; the run has ended in the log.
        console.error(`toolscope: could not release the lease of run ${runId}`, error);
      }
    });
  runtime.runs.set(sessionId, { runId, controller, done, gate });
  return succeed({ runId });
}

/**
 * `POST .../messages`: a user message starts a run; without `text`, a lesson session sends its
 * next scripted message in `lang` (default English), see `prepareLessonMessage`.
 */
export function startMessageRun(
  runtime: Runtime,
  sessionId: string,
  text: string | undefined,
  lang: LessonLang = "en",
): Outcome<{ runId: string }> {
  const session = runtime.store.getSession(sessionId);
  if (!session) return refuse("not_found", `No session with id ${sessionId}.`);
  if (text === undefined) {
    const next = prepareLessonMessage(runtime, sessionId, lang);
    if (!next.ok) return next;
    return startRun(runtime, sessionId, { trigger: "message", text: next.value.text });
  }
  return startRun(runtime, sessionId, { trigger: "message", text });
}

/** The 409 of a run whose provider would send its requests (and this server's key) to a held base URL. */
function heldMessage(baseURL: string, sessionId: string): string {
  return (
    `The base URL ${baseURL} must be trusted first: it came with an imported file, and a request ` +
    `there would carry this server's API key. Trust it on the session page ` +
    `(POST /api/sessions/${sessionId}/provider/trust), or change the provider's base URL.`
  );
}
