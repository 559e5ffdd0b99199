import { useMemo } from "react";
import { deriveStreamingMessage } from "@/components/transcript/streaming-message";
import { countEventsThrough, createCheckpointedFold } from "@/lib/trace/checkpoints";
import type { SessionConfig } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { reduceSessionConfig } from "@/lib/trace/session-config";
import { INITIAL_RUN_STATE, reduceRunState } from "@/lib/trace/status";
import { createTranscriptFold } from "@/lib/trace/transcript";

/** Keep the run and config states every this many events: any seq costs at most 63 reducer steps. */
const INTERVAL = 64;

/**
 * The projections the debugger shows, each a checkpointed fold over the one cached log (never a
 * second copy of the state): the transcript and streaming message at the cursor, and the run
 * state and configuration at the end (controls act on the live run, not on the past).
 */
export function useProjections(events: readonly TraceEvent[], seq: number) {
  const folds = useMemo(
    () => ({
      transcript: createTranscriptFold(),
      run: createCheckpointedFold({ reduce: reduceRunState, initial: INITIAL_RUN_STATE, interval: INTERVAL }),
      config: createCheckpointedFold<TraceEvent, SessionConfig | null>({
        reduce: reduceSessionConfig,
        initial: null,
        interval: INTERVAL,
      }),
    }),
    [],
  );
  const count = countEventsThrough(events, seq);
  const transcript = useMemo(() => folds.transcript.stateAt(events, count), [folds, events, count]);
  const latestTranscript = useMemo(() => folds.transcript.stateAt(events, events.length), [folds, events]);
  const runState = useMemo(() => folds.run.stateAt(events, events.length), [folds, events]);
  const config = useMemo(() => folds.config.stateAt(events, events.length), [folds, events]);
  const streaming = useMemo(
    () => deriveStreamingMessage(count === events.length ? events : events.slice(0, count)),
    [events, count],
  );
  return { transcript, latestTranscript, runState, config, streaming };
}
