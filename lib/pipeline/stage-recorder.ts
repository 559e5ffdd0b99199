import type { Stage, StageStatus } from "@/lib/trace/events";
import type { PipelineContext } from "./types";

export type StageEnd = (status: Exclude<StageStatus, "running">, output: string) => void;

const clip = (text: string, max = 240) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Emits `tool.stage` with `running` when a stage starts and returns the function that emits its
 * end, with the time it took on the run's clock. `skip` records a stage that did not apply.
 */
export function createStageRecorder(callId: string, context: Pick<PipelineContext, "emit" | "clock">) {
  return {
    start(stage: Stage, input: string): StageEnd {
      const started = context.clock.now();
      context.emit({ kind: "tool.stage", callId, stage, status: "running", input: clip(input) });
      return (status, output) =>
        context.emit({
          kind: "tool.stage",
          callId,
          stage,
          status,
          output: clip(output),
          ms: context.clock.now() - started,
        });
    },
    skip(stage: Stage, why: string): void {
      context.emit({ kind: "tool.stage", callId, stage, status: "skipped", output: clip(why), ms: 0 });
    },
  };
}

export type StageRecorder = ReturnType<typeof createStageRecorder>;
