import "server-only";
import type { Decision, ManualResult } from "@/lib/pipeline/types";
import type { Breakpoints } from "@/lib/trace/config";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { deriveStatus, type SessionStatus } from "@/lib/trace/status";
import { projectTranscript } from "@/lib/trace/transcript";
import type { ControlAction } from "./gate";
import { findLiveRun, isRunLiveElsewhere, LIVE_ELSEWHERE } from "./live-run";
import { refuse, succeed, type Outcome } from "./outcome";
import { startRun } from "./runs";
import type { Runtime } from "./runtime";

type ControlReply = { status: SessionStatus; runId?: string };

/**
 * `POST .../control`: step, continue, pause or interrupt the live run. `step` and `continue` on
 * an idle session whose transcript ends with a user message or tool results start a run.
 */
export async function controlSession(
  runtime: Runtime,
  sessionId: string,
  action: ControlAction,
): Promise<Outcome<ControlReply>> {
  if (!runtime.store.getSession(sessionId)) return refuse("not_found", `No session with id ${sessionId}.`);
  const live = findLiveRun(runtime, sessionId);
  if (!live && isRunLiveElsewhere(runtime, sessionId)) return refuse("conflict", LIVE_ELSEWHERE);
  const reply = (runId?: string): Outcome<ControlReply> =>
    succeed({ status: deriveStatus(runtime.store.events(sessionId)), ...(runId ? { runId } : {}) });

  if (action === "interrupt") {
    if (!live) return refuse("conflict", "No run is live in this session; there is nothing to interrupt.");
    live.controller.abort(new Error("interrupted by the user"));
    await live.done;
    return reply(live.runId);
  }
  if (live) {
    const problem = live.gate.control(action);
    return problem ? refuse("conflict", problem) : reply(live.runId);
  }
  if (action === "pause")
    return refuse("conflict", "No run is live in this session; there is nothing to pause.");
  const last = projectTranscript(runtime.store.events(sessionId)).messages.at(-1);
  if (last?.role !== "user") {
    return refuse(
      "conflict",
      "Nothing to continue: the transcript does not end with a user message or tool results. Send a message.",
    );
  }
  const started = startRun(runtime, sessionId, { trigger: "continue", stepping: action === "step" });
  return started.ok ? reply(started.value.runId) : started;
}

/** `POST .../calls/:callId/decision`: delivers a person's decision to the call waiting for it. */
export function decideCall(
  runtime: Runtime,
  sessionId: string,
  callId: string,
  decision: Decision,
): Outcome<{ status: SessionStatus }> {
  if (!runtime.store.getSession(sessionId)) return refuse("not_found", `No session with id ${sessionId}.`);
  const live = findLiveRun(runtime, sessionId);
  const problem = live
    ? live.gate.decide(callId, decision)
    : `No run is live; call ${callId} is not waiting for a decision.`;
  return problem
    ? refuse("conflict", problem)
    : succeed({ status: deriveStatus(runtime.store.events(sessionId)) });
}

/** `POST .../calls/:callId/result`: the result a person typed for a `manual` tool. */
export function provideManualResult(
  runtime: Runtime,
  sessionId: string,
  callId: string,
  result: ManualResult,
): Outcome<{ status: SessionStatus }> {
  if (!runtime.store.getSession(sessionId)) return refuse("not_found", `No session with id ${sessionId}.`);
  const live = findLiveRun(runtime, sessionId);
  const problem = live
    ? live.gate.provideResult(callId, result)
    : `No run is live; call ${callId} is not waiting for a result.`;
  return problem
    ? refuse("conflict", problem)
    : succeed({ status: deriveStatus(runtime.store.events(sessionId)) });
}

/** `PUT .../breakpoints`: records the change as `session.configured`; a live run sees it at once. */
export function setBreakpoints(
  runtime: Runtime,
  sessionId: string,
  changes: Partial<Breakpoints>,
): Outcome<{ breakpoints: Breakpoints }> {
  if (!runtime.store.getSession(sessionId)) return refuse("not_found", `No session with id ${sessionId}.`);
  const config = projectSessionConfig(runtime.store.events(sessionId));
  if (!config) return refuse("not_found", `Session ${sessionId} has no configuration event.`);
  const after: Breakpoints = { ...config.breakpoints, ...changes };
  runtime.store.append(sessionId, {
    kind: "session.configured",
    changes: { breakpoints: { before: config.breakpoints, after } },
  });
  runtime.runs.get(sessionId)?.gate.setBreakpoints(after);
  return succeed({ breakpoints: after });
}
