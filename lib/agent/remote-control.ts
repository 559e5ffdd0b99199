import "server-only";
import type { Decision, ManualResult } from "@/lib/pipeline/types";
import type { Breakpoints } from "@/lib/trace/config";
import type { SessionStatus } from "@/lib/trace/status";
import { controlSession, decideCall, provideManualResult, setBreakpoints } from "./control";
import type { ControlAction } from "./gate";
import { refuse, type Outcome } from "./outcome";
import type { Runtime } from "./runtime";

/** How long an instance waits for the one carrying a run to answer a control it passed on. */
export const OWNER_ANSWER_MS = 10_000;

/** A control of a session's run, as one instance passes it to the instance carrying the run. */
export type ControlRequest =
  | { op: "control"; sessionId: string; action: ControlAction }
  | { op: "decide"; sessionId: string; callId: string; decision: Decision }
  | { op: "result"; sessionId: string; callId: string; result: ManualResult }
  | { op: "breakpoints"; sessionId: string; changes: Partial<Breakpoints> };

type ControlReply = { status: SessionStatus; runId?: string };
type CallReply = { status: SessionStatus };

/** What each control answers. */
interface Replies {
  control: ControlReply;
  decide: CallReply;
  result: CallReply;
  breakpoints: { breakpoints: Breakpoints };
}

type ReplyOf<R extends ControlRequest> = Replies[R["op"]];

/** Options of the controls that may be passed on: how long to wait for the owner (tests shorten it). */
export interface PassOn {
  waitMs?: number;
}

/**
 * The controls from any instance (the control routes call these): where another instance on the
 * shared database holds the run's lease, the request is passed to it (lib/store's instance
 * messages), it acts as if it had been asked itself, and its answer — value or refusal — is
 * answered here unchanged. Where no other instance carries the run (SQLite, no lease, this
 * instance's own run), it is the control itself (control.ts). An owner that does not answer
 * within {@link OWNER_ANSWER_MS} (it stopped, or is stuck) is `unavailable`; its run is then ended
 * by the lease check once its lease expires (leases.ts), as for any crashed owner.
 */
export const controlAnywhere = (
  runtime: Runtime,
  sessionId: string,
  action: ControlAction,
  options?: PassOn,
) => onOwner(runtime, { op: "control", sessionId, action }, options);

export const decideAnywhere = (
  runtime: Runtime,
  sessionId: string,
  callId: string,
  decision: Decision,
  options?: PassOn,
) => onOwner(runtime, { op: "decide", sessionId, callId, decision }, options);

export const provideResultAnywhere = (
  runtime: Runtime,
  sessionId: string,
  callId: string,
  result: ManualResult,
  options?: PassOn,
) => onOwner(runtime, { op: "result", sessionId, callId, result }, options);

export const setBreakpointsAnywhere = (
  runtime: Runtime,
  sessionId: string,
  changes: Partial<Breakpoints>,
  options?: PassOn,
) => onOwner(runtime, { op: "breakpoints", sessionId, changes }, options);

/** Answers the controls other instances pass to this one (createRuntime registers it). */
export function answerControls(runtime: Runtime): void {
  runtime.store.leases?.messages.answer((body) => applyHere(runtime, body as ControlRequest));
}

/** The control, done by this instance. */
async function applyHere<R extends ControlRequest>(
  runtime: Runtime,
  request: R,
): Promise<Outcome<ReplyOf<R>>> {
  const { sessionId } = request;
  switch (request.op) {
    case "control":
      return (await controlSession(runtime, sessionId, request.action)) as Outcome<ReplyOf<R>>;
    case "decide":
      return decideCall(runtime, sessionId, request.callId, request.decision) as Outcome<ReplyOf<R>>;
    case "result":
      return provideManualResult(runtime, sessionId, request.callId, request.result) as Outcome<ReplyOf<R>>;
    case "breakpoints":
      return setBreakpoints(runtime, sessionId, request.changes) as Outcome<ReplyOf<R>>;
  }
}

async function onOwner<R extends ControlRequest>(
  runtime: Runtime,
  request: R,
  { waitMs = OWNER_ANSWER_MS }: PassOn = {},
): Promise<Outcome<ReplyOf<R>>> {
  const leases = runtime.store.leases;
  if (!leases || runtime.runs.has(request.sessionId)) return applyHere(runtime, request);
  const owner = leases.holder(request.sessionId);
  if (owner === null || owner === leases.instanceId) return applyHere(runtime, request);
  try {
    return (await leases.messages.ask(owner, request, waitMs)) as Outcome<ReplyOf<R>>;
  } catch (error) {
    return refuse(
      "unavailable",
      `The Toolscope instance carrying this session's run (${owner}) did not answer: ` +
        `${error instanceof Error ? error.message : String(error)}. If it stopped, its run is marked ` +
        "interrupted once its lease expires (within a minute); try again then.",
    );
  }
}
