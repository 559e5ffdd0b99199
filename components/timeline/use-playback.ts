import { useEffect, useState } from "react";
import type { TraceEvent } from "@/lib/trace/events";

export const PLAYBACK_SPEEDS = [0.5, 1, 2, 4, 8] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/** Events per second at 1×: slow enough to watch a stream assemble, fast enough to finish. */
const EVENTS_PER_SECOND = 12;

interface PlaybackOptions {
  events: readonly TraceEvent[];
  /** The cursor's position in `events` (index). */
  position: number;
  /** Moves the cursor to an event's seq. */
  seek: (seq: number) => void;
}

/**
 * Replays the log from the cursor: one event at a time at a steady rate times `speed`, stopping
 * at the end (where the cursor becomes live again). Starting at the end replays from the start.
 */
export function usePlayback({ events, position, seek }: PlaybackOptions) {
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(1);
  const atEnd = position >= events.length - 1;
  /** Reaching the end stops the replay (the cursor is live there). */
  const active = playing && !atEnd;

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => seek(events[position + 1]!.seq), 1000 / (EVENTS_PER_SECOND * speed));
    return () => clearTimeout(timer);
  }, [active, position, events, speed, seek]);

  function toggle() {
    if (!active && atEnd && events.length > 0) seek(events[0]!.seq);
    setPlaying(!active);
  }

  return { playing: active, speed, setSpeed, toggle, stop: () => setPlaying(false) };
}
