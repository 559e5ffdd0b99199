"use client";

import { useTranslations } from "next-intl";
import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import type { LiveState } from "@/components/session/use-live-events";
import type { TraceEvent } from "@/lib/trace/events";
import { countEventsThrough } from "@/lib/trace/checkpoints";
import { TimelineTicks } from "./timeline-ticks";
import { PLAYBACK_SPEEDS, usePlayback, type PlaybackSpeed } from "./use-playback";
import "./timeline.css";

interface TimelineProps {
  events: readonly TraceEvent[];
  /** The cursor: every pane shows the log up to this seq. */
  seq: number;
  /** The cursor is at the end and follows new events. */
  live: boolean;
  /** The live stream's state: the "● Live" button says so only while events really arrive. */
  connection?: LiveState;
  onSeek: (seq: number) => void;
  /** The event the run is paused at, marked on the track. */
  highlightSeq?: number | null;
}

/** How many events PageUp and PageDown move the cursor. */
const PAGE = 10;

/**
 * The whole log as ticks coloured by kind, with a cursor to drag, click or move with the keys
 * (arrows, PageUp/PageDown, Home/End), play/pause at a speed, and a way back to live.
 */
export function Timeline({
  events,
  seq,
  live,
  connection = "live",
  onSeek,
  highlightSeq = null,
}: TimelineProps) {
  const t = useTranslations("Timeline");
  const trackRef = useRef<HTMLDivElement>(null);
  const count = events.length;
  const position = Math.max(0, countEventsThrough(events, seq) - 1);
  const current = events[position];
  const playback = usePlayback({ events, position, seek: onSeek });
  const toPercent = (index: number) => (count === 0 ? 0 : ((index + 0.5) / count) * 100);
  const highlightIndex = highlightSeq === null ? -1 : countEventsThrough(events, highlightSeq) - 1;

  function seekIndex(index: number) {
    if (count === 0) return;
    onSeek(events[Math.max(0, Math.min(count - 1, index))]!.seq);
  }

  function seekPointer(event: PointerEvent<HTMLDivElement>) {
    const box = trackRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    seekIndex(Math.floor(((event.clientX - box.left) / box.width) * count));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    playback.stop();
    seekPointer(event);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowLeft: position - 1,
      ArrowDown: position - 1,
      ArrowRight: position + 1,
      ArrowUp: position + 1,
      PageDown: position - PAGE,
      PageUp: position + PAGE,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    playback.stop();
    seekIndex(target);
  }

  return (
    <section className="timeline" aria-label={t("label")}>
      <div className="timeline-bar">
        <button type="button" data-testid="timeline-play" onClick={playback.toggle} disabled={count === 0}>
          {playback.playing ? t("pause") : t("play")}
        </button>
        <label className="timeline-speed">
          <span>{t("speed")}</span>
          <select
            value={playback.speed}
            data-testid="timeline-speed"
            onChange={(event) => playback.setSpeed(Number(event.target.value) as PlaybackSpeed)}
          >
            {PLAYBACK_SPEEDS.map((speed) => (
              <option key={speed} value={speed}>
                {t("speedValue", { speed })}
              </option>
            ))}
          </select>
        </label>
        <span className="timeline-position muted" data-testid="timeline-position">
          {current ? t("position", { number: position + 1, total: count, kind: current.kind }) : t("empty")}
        </span>
        <button
          type="button"
          className={live ? "timeline-live is-live" : "timeline-live"}
          data-testid="timeline-live"
          data-connection={connection}
          aria-pressed={live}
          onClick={() => seekIndex(count - 1)}
          title={t("liveHint")}
        >
          {!live ? t("goLive") : connection === "live" ? t("live") : t(`connection.${connection}`)}
        </button>
      </div>
      <div
        className="timeline-track"
        ref={trackRef}
        data-testid="timeline"
        data-count={count}
        onPointerDown={onPointerDown}
        onPointerMove={(event) => {
          if (event.currentTarget.hasPointerCapture(event.pointerId)) seekPointer(event);
        }}
      >
        <TimelineTicks events={events} />
        {highlightIndex >= 0 ? (
          <span
            className="timeline-paused"
            style={{ left: `${toPercent(highlightIndex)}%` }}
            title={t("pausedHere")}
          />
        ) : null}
        <div
          role="slider"
          tabIndex={0}
          className="timeline-cursor"
          data-testid="timeline-cursor"
          aria-label={t("cursor")}
          aria-valuemin={events[0]?.seq ?? 0}
          aria-valuemax={events.at(-1)?.seq ?? 0}
          aria-valuenow={current?.seq ?? 0}
          aria-valuetext={
            current ? t("cursorValue", { number: position + 1, kind: current.kind }) : undefined
          }
          style={{ left: `${toPercent(position)}%` }}
          onKeyDown={onKeyDown}
        />
      </div>
    </section>
  );
}
