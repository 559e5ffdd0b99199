import "server-only";
import type { BreakpointPoint, Decision, ManualResult } from "@/lib/pipeline/types";
import type { Breakpoints } from "@/lib/trace/config";
import type { NewEvent, PauseReason, TraceEvent } from "@/lib/trace/events";

export type ControlAction = "step" | "continue" | "pause" | "interrupt";

type Waiting =
  | { reason: "breakpoint"; point: BreakpointPoint; callId?: string; resume: () => void }
  | { reason: "approval"; callId: string; resume: (decision: Decision) => void }
  | { reason: "manual-result"; callId: string; resume: (result: ManualResult) => void };

/**
 * The run's gates (docs/architecture.md, "Stepping"): breakpoints, the approval wait and the manual-result
 * wait. The run awaits them; the control API resolves them. Every pause and resume is an event
 * the run itself appends, so the log shows exactly where it stopped and why.
 */
export class RunGate {
  private mode: "run" | "step" | "pause" = "run";
  private waiting: Waiting | null = null;
  private rejectWaiting: ((reason: unknown) => void) | null = null;

  constructor(
    private readonly runId: string,
    private readonly emit: (event: NewEvent) => TraceEvent,
    private breakpoints: Breakpoints,
    private readonly signal: AbortSignal,
    startStepping = false,
  ) {
    if (startStepping) this.mode = "step";
    signal.addEventListener("abort", () => this.rejectWaiting?.(signal.reason), { once: true });
  }

  /** What the run waits for now, if anything. */
  get pausedAt(): { reason: PauseReason; point?: string; callId?: string } | null {
    if (!this.waiting) return null;
    const { reason } = this.waiting;
    return reason === "breakpoint"
      ? { reason, point: this.waiting.point, ...(this.waiting.callId ? { callId: this.waiting.callId } : {}) }
      : { reason, callId: this.waiting.callId };
  }

  setBreakpoints(breakpoints: Breakpoints): void {
    this.breakpoints = breakpoints;
  }

  /** Resolves at once unless a breakpoint is set here, the person is stepping, or asked to pause. */
  async checkpoint(point: BreakpointPoint, info: { callId?: string } = {}): Promise<void> {
    const stepping = this.mode === "step" && point !== "onWireEvent";
    if (!this.breakpoints[point] && !stepping && this.mode !== "pause") return;
    await this.wait<void>({ reason: "breakpoint", point, ...info, resume: () => {} });
  }

  awaitDecision(callId: string): Promise<Decision> {
    return this.wait<Decision>({ reason: "approval", callId, resume: () => {} });
  }

  awaitManualResult(callId: string): Promise<ManualResult> {
    return this.wait<ManualResult>({ reason: "manual-result", callId, resume: () => {} });
  }

  /** Applies a control action; returns an error message when it does not fit the run's state. */
  control(action: Exclude<ControlAction, "interrupt">): string | null {
    const waiting = this.waiting;
    if (waiting && waiting.reason !== "breakpoint") {
      if (action === "pause") return null;
      return `The run waits for ${waiting.reason === "approval" ? "a decision" : "a manual result"} on call ${waiting.callId}; answer it first.`;
    }
    this.mode = action === "step" ? "step" : action === "pause" ? "pause" : "run";
    if (waiting && action !== "pause") waiting.resume();
    return null;
  }

  /** Delivers a person's decision to the call waiting for it; an error message when none waits. */
  decide(callId: string, decision: Decision): string | null {
    const waiting = this.waiting;
    if (waiting?.reason !== "approval" || waiting.callId !== callId)
      return `Call ${callId} is not waiting for a decision.`;
    waiting.resume(decision);
    return null;
  }

  provideResult(callId: string, result: ManualResult): string | null {
    const waiting = this.waiting;
    if (waiting?.reason !== "manual-result" || waiting.callId !== callId)
      return `Call ${callId} is not waiting for a manual result.`;
    waiting.resume(result);
    return null;
  }

  private wait<T>(waiting: Waiting): Promise<T> {
    if (this.signal.aborted) return Promise.reject(this.signal.reason);
    const where = waiting.reason === "breakpoint" ? { point: waiting.point } : {};
    const callId = "callId" in waiting && waiting.callId ? { callId: waiting.callId } : {};
    this.emit({ kind: "run.paused", runId: this.runId, reason: waiting.reason, ...where, ...callId });
    return new Promise<T>((resolve, reject) => {
      this.rejectWaiting = reject;
      this.waiting = {
        ...waiting,
        resume: (value?: unknown) => {
          this.waiting = null;
          this.rejectWaiting = null;
          if (waiting.reason === "breakpoint" && this.mode === "pause") this.mode = "run";
          this.emit({ kind: "run.resumed", runId: this.runId, reason: waiting.reason, ...where, ...callId });
          resolve(value as T);
        },
      } as Waiting;
    });
  }
}
