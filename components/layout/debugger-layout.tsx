"use client";

import { useTranslations } from "next-intl";
import { useRef, type CSSProperties, type ReactNode } from "react";
import { Splitter } from "./splitter";
import { PANE_LIMITS, usePaneSizes } from "./use-pane-sizes";

interface DebuggerLayoutProps {
  transcript: ReactNode;
  graph: ReactNode;
  stream: ReactNode;
  detail: ReactNode;
}

/**
 * The debugger's four panes: transcript on the left, graph over stream in the middle, detail on
 * the right, with splitters between them (pointer or keyboard). Sizes are remembered.
 */
export function DebuggerLayout({ transcript, graph, stream, detail }: DebuggerLayoutProps) {
  const t = useTranslations("Debugger.layout");
  const [sizes, resize] = usePaneSizes();
  const areaRef = useRef<HTMLDivElement>(null);
  const middleRef = useRef<HTMLDivElement>(null);
  const style = {
    "--left": `${sizes.left * 100}%`,
    "--right": `${sizes.right * 100}%`,
    "--graph": `${sizes.graph * 100}%`,
  } as CSSProperties;

  return (
    <div className="debugger-panes" ref={areaRef} style={style} data-testid="debugger-panes">
      <section className="pane pane-transcript" aria-label={t("transcript")} data-testid="pane-transcript">
        {transcript}
      </section>
      <Splitter
        orientation="vertical"
        label={t("resizeTranscript")}
        value={sizes.left}
        {...PANE_LIMITS.left}
        containerRef={areaRef}
        onPosition={(fraction) => resize({ left: fraction })}
        onStep={(delta) => resize({ left: sizes.left + delta })}
        testId="splitter-left"
      />
      <div className="pane-middle" ref={middleRef}>
        <section className="pane pane-graph" aria-label={t("graph")} data-testid="pane-graph">
          {graph}
        </section>
        <Splitter
          orientation="horizontal"
          label={t("resizeGraph")}
          value={sizes.graph}
          {...PANE_LIMITS.graph}
          containerRef={middleRef}
          onPosition={(fraction) => resize({ graph: fraction })}
          onStep={(delta) => resize({ graph: sizes.graph + delta })}
          testId="splitter-middle"
        />
        <section className="pane pane-stream" aria-label={t("stream")} data-testid="pane-stream">
          {stream}
        </section>
      </div>
      <Splitter
        orientation="vertical"
        label={t("resizeDetail")}
        value={sizes.right}
        {...PANE_LIMITS.right}
        containerRef={areaRef}
        onPosition={(fraction) => resize({ right: 1 - fraction })}
        onStep={(delta) => resize({ right: sizes.right - delta })}
        testId="splitter-right"
      />
      <section className="pane pane-detail" aria-label={t("detail")} data-testid="pane-detail">
        {detail}
      </section>
    </div>
  );
}
