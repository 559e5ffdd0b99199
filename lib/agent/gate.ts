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
 *
 * Parallel calls wait at their gates at the same time, so the gate keeps every wait, oldest
 * first: `step` resumes the oldest breakpoint wait, `continue` resumes them all, a decision or a
 * manual result goes to the call it names, and an abort rejects every wait at once.
 */
export class RunGate {
  private mode: "run" | "step" | "pause" = "run";
  private readonly waits: Waiting[] = [];
  private readonly rejects = new Map<Waiting, (reason: unknown) => void>();

  constructor(
    private readonly runId: string,
    private readonly emit: (event: NewEvent) => TraceEvent,
    private breakpoints: Breakpoints,
    private readonly signal: AbortSignal,
    startStepping = false,
  ) {
    if (startStepping) this.mode = "step";
    signal.addEventListener(
      "abort",
      () => {
        const rejects = [...this.rejects.values()];
        this.waits.length = 0;
        this.rejects.clear();
        for (const reject of rejects) reject(signal.reason);
      },
      { once: true },
    );
  }

  /** What the run waits for now (the oldest wait), if anything. */
  get pausedAt(): { reason: PauseReason; point?: string; callId?: string } | null {
    const waiting = this.waits[0];
    if (!waiting) return null;
    const { reason } = waiting;
    return reason === "breakpoint"
      ? { reason, point: waiting.point, ...(waiting.callId ? { callId: waiting.callId } : {}) }
      : { reason, callId: waiting.callId };
  }

  /** How many gates the run waits at now (more than one when parallel calls pause together). */
  get waitCount(): number {
    return this.waits.length;
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

  /**
   * Applies a control action; returns an error message when it does not fit the run's state.
   * `step` resumes the oldest breakpoint wait, `continue` every breakpoint wait; with only
   * calls waiting for a person, both are refused (answer the call first).
   */
  control(action: Exclude<ControlAction, "interrupt">): string | null {
    const atBreakpoints = this.waits.filter((waiting) => waiting.reason === "breakpoint");
    const person = this.waits.find((waiting) => waiting.reason !== "breakpoint");
    if (person && atBreakpoints.length === 0) {
      if (action === "pause") return null;
      return `The run waits for ${person.reason === "approval" ? "a decision" : "a manual result"} on call ${person.callId}; answer it first.`;
    }
    this.mode = action === "step" ? "step" : action === "pause" ? "pause" : "run";
    if (action === "step") atBreakpoints[0]?.resume();
    if (action === "continue") for (const waiting of atBreakpoints) waiting.resume();
    return null;
  }

  /** Delivers a person's decision to the call waiting for it; an error message when none waits. */
  decide(callId: string, decision: Decision): string | null {
    const waiting = this.waits.find((w) => w.reason === "approval" && w.callId === callId);
    if (waiting?.reason !== "approval") return `Call ${callId} is not waiting for a decision.`;
    waiting.resume(decision);
    return null;
  }

  provideResult(callId: string, result: ManualResult): string | null {
    const waiting = this.waits.find((w) => w.reason === "manual-result" && w.callId === callId);
    if (waiting?.reason !== "manual-result") return `Call ${callId} is not waiting for a manual result.`;
    waiting.resume(result);
    return null;
  }

  private wait<T>(waiting: Waiting): Promise<T> {
    if (this.signal.aborted) return Promise.reject(this.signal.reason);
    const where = waiting.reason === "breakpoint" ? { point: waiting.point } : {};
    const callId = "callId" in waiting && waiting.callId ? { callId: waiting.callId } : {};
    this.emit({ kind: "run.paused", runId: this.runId, reason: waiting.reason, ...where, ...callId });
    return new Promise<T>((resolve, reject) => {
      const entry = {
        ...waiting,
        resume: (value?: unknown) => {
          const index = this.waits.indexOf(entry);
          if (index < 0) return;
          this.waits.splice(index, 1);
          this.rejects.delete(entry);
          if (waiting.reason === "breakpoint" && this.mode === "pause") this.mode = "run";
          this.emit({ kind: "run.resumed", runId: this.runId, reason: waiting.reason, ...where, ...callId });
          resolve(value as T);
        },
      } as Waiting;
      this.waits.push(entry);
      this.rejects.set(entry, reject);
    });
  }
}
