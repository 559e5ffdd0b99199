import "server-only";
import { runBatch } from "@/lib/pipeline/run-batch";
import { deriveRunState } from "@/lib/trace/status";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { newId } from "./ids";
import { runAgentLoop } from "./loop";
import { refuse, succeed, type Outcome } from "@/lib/server/problem";
import type { Runtime } from "./runtime";
import { estimateRequestTokens } from "./tokens";

/**
 * Starts a run for a user message in the background and returns its id at once. One live run
 * per session: a second one is a 409. The run appends its own events; whatever happens, it
 * ends with `run.finished`, `run.interrupted` or `run.failed`.
 */
export function startMessageRun(
  runtime: Runtime,
  sessionId: string,
  text: string | undefined,
): Outcome<{ runId: string }> {
  const session = runtime.store.getSession(sessionId);
  if (!session) return refuse(404, `No session with id ${sessionId}.`);
  if (runtime.runs.has(sessionId))
    return refuse(409, "A run is live in this session; wait for it to end or interrupt it.");
  const events = runtime.store.events(sessionId);
  if (deriveRunState(events).liveRunId)
    return refuse(409, "A run is live in this session; wait for it to end or interrupt it.");
  const config = projectSessionConfig(events);
  if (!config) return refuse(409, "This session has no configuration event.");
  if (text === undefined) {
    return config.scenario
      ? refuse(409, "This lesson's script is done.")
      : refuse(400, "/text is required: this session has no lesson script to continue.", "/text");
  }

  const runId = newId("run");
  const controller = new AbortController();
  const provider = runtime.providers.create(config.provider, { clock: runtime.clock, tools: config.tools });
  const done = runAgentLoop(
    { runId, events, trigger: "message", text, signal: controller.signal },
    {
      emit: (event) => runtime.store.append(sessionId, event),
      provider,
      clock: runtime.clock,
      runBatch,
      estimateTokens: estimateRequestTokens,
    },
  )
    .catch((error: unknown) => console.error(`toolscope: run ${runId} crashed`, error))
    .finally(() => runtime.runs.delete(sessionId));
  runtime.runs.set(sessionId, { runId, controller, done });
  return succeed({ runId });
}

/** Aborts the live run of a session, if any; the loop records `run.interrupted`. */
export function interruptRun(runtime: Runtime, sessionId: string): boolean {
  const live = runtime.runs.get(sessionId);
  live?.controller.abort(new Error("interrupted by the user"));
  return live !== undefined;
}
