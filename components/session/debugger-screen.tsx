"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { memo, useCallback, useMemo, useState } from "react";
import { BreakpointToggles } from "@/components/controls/breakpoint-toggles";
import { ContextDiffView } from "@/components/context/context-diff-view";
import { ControlBar } from "@/components/controls/control-bar";
import { ForkSeqsContext, readForkSeqs } from "@/components/fork/fork-seqs-context";

import { PausedBanner } from "@/components/controls/paused-banner";
import { deriveEnabledControls, derivePausedPoint, findToolCall } from "@/components/controls/paused-point";
import type { SessionDetail } from "@/lib/contract/sessions";
import { DebuggerLayout } from "@/components/layout/debugger-layout";
import { McpLinkContext } from "@/components/mcp/mcp-link-context";
import { NO_WIRE_FILTER, type WireFilter } from "@/components/mcp/mcp-wire";
import { listUntrustedServers } from "@/components/mcp/server-states";
import type { McpServerConfig } from "@/lib/trace/config";
import { StreamPanel } from "@/components/stream/stream-panel";
import { StreamScrub } from "@/components/stream/stream-scrub";
import { useStreamView } from "@/components/stream/use-stream-view";
import { Timeline } from "@/components/timeline/timeline";
import { TranscriptPane } from "@/components/transcript/transcript-pane";
import { TranscriptView } from "@/components/transcript/transcript-view";
import { NO_BREAKPOINTS } from "@/lib/trace/config";
import type { GraphNode } from "@/lib/trace/graph/types";
import { countEventsThrough } from "@/lib/trace/checkpoints";
import { explainFailure } from "@/lib/trace/failure";
import { DetailPane, type DetailMode } from "./detail-pane";
import { EventDetail } from "./event-detail";
import { GraphPane, NodeDetail } from "./graph-pane";
import { HeldProviderBanner } from "./held-provider-banner";
import { MessageBox } from "./message-box";
import { SessionHeader } from "./session-header";
import { useCursor } from "./use-cursor";
import type { LiveState } from "./use-live-events";
import { useProjections } from "./use-projections";
import "@/components/controls/controls.css";

/**
 * What the first paint does not show loads on its own: a lesson's guide, the tools panel (a tab
 * of the detail pane) and a waiting call's dialogs.
 */
const GuidePane = dynamic(() => import("@/components/explain/guide-pane").then((m) => m.GuidePane));
const ToolsPanel = dynamic(() => import("@/components/schema/tools-panel").then((m) => m.ToolsPanel));
const SessionMcpPane = dynamic(() =>
  import("@/components/mcp/session-mcp-pane").then((m) => m.SessionMcpPane),
);
const CallDialogs = dynamic(() => import("./call-dialogs").then((m) => m.CallDialogs));

const NO_SERVERS: Readonly<Record<string, McpServerConfig>> = {};

/** Scrubbing past events that do not change the transcript re-renders nothing in it. */
const MemoTranscriptView = memo(TranscriptView);
/** None shows the cursor: a jump on the timeline does not render them again. */
const MemoSessionHeader = memo(SessionHeader);
const MemoHeldProviderBanner = memo(HeldProviderBanner);
const MemoMessageBox = memo(MessageBox);

interface DebuggerScreenProps {
  data: SessionDetail;
  live: LiveState;
  /** `?seq=N` of the address the page was opened with. */
  initialSeq: number | null;
}

/**
 * The debugger for one loaded session: controls, the four panes at the timeline's cursor, the
 * timeline, and the dialogs a waiting call needs. Everything is projected from the cached log.
 */
export function DebuggerScreen({ data, live, initialSeq }: DebuggerScreenProps) {
  const t = useTranslations("Debugger");
  const { session, events } = data;
  const cursor = useCursor(events, initialSeq);
  const { transcript, latestTranscript, runState, config, streaming } = useProjections(events, cursor.seq);
  const stream = useStreamView(events, cursor.seq);
  const [detailMode, setDetailMode] = useState<DetailMode>("stream");
  const [dismissedSeq, setDismissedSeq] = useState<number | null>(null);
  /** In a lesson the guide's text comes first: a waiting call's dialog opens when asked for. */
  const [askedSeq, setAskedSeq] = useState<number | null>(null);
  const [selectedNode, setSelectedNode] = useState<GraphNode | null>(null);
  const [guideNodeIds, setGuideNodeIds] = useState<readonly string[]>([]);
  const [wireFilter, setWireFilter] = useState<WireFilter>(NO_WIRE_FILTER);
  const mcpServers = config?.mcpServers ?? NO_SERVERS;
  // Stable: the memoized transcript gets it through context and must not re-render for it.
  const showMcpMessages = useCallback((callId: string) => {
    setWireFilter({ ...NO_WIRE_FILTER, callId });
    setDetailMode("mcp");
  }, []);

  // Each a scan of the log: once per log, not on every move of the cursor.
  const untrusted = useMemo(
    () => listUntrustedServers(session.source, events, mcpServers),
    [session.source, events, mcpServers],
  );
  // Once per log for every "Fork here" button in the transcript.
  const forkSeqs = useMemo(() => readForkSeqs(events), [events]);
  const failure = useMemo(
    () => (runState.status === "failed" ? explainFailure(events) : null),
    [runState.status, events],
  );
  const paused = runState.status === "paused" ? derivePausedPoint(events) : null;
  const pausedCall = findToolCall(latestTranscript.messages, paused?.callId ?? null);
  const lastRole = latestTranscript.messages.at(-1)?.role ?? null;
  const enabled = deriveEnabledControls({ status: runState.status, paused, lastRole });
  const pausedIndex = paused ? countEventsThrough(events, paused.seq) - 1 : -1;
  const before = pausedIndex > 0 ? events[pausedIndex - 1] : undefined;
  const streamHighlight =
    paused?.point === "onWireEvent" && before?.kind === "wire.event" ? before.seq : null;
  const dialogOpen =
    paused !== null &&
    paused.reason !== "breakpoint" &&
    dismissedSeq !== paused.seq &&
    (!config?.scenario || askedSeq === paused.seq);
  const reviewCall = () => {
    setDismissedSeq(null);
    setAskedSeq(paused?.seq ?? null);
  };
  const cursorEvent = events[countEventsThrough(events, cursor.seq) - 1];

  return (
    <div className="debugger-page" data-testid="debugger">
      <MemoSessionHeader
        session={session}
        status={runState.status}
        eventCount={events.length}
        live={live}
        failure={failure}
      />
      <div className="debugger-controls">
        <ControlBar sessionId={session.id} enabled={enabled} onAction={cursor.goLive} />
        <BreakpointToggles sessionId={session.id} breakpoints={config?.breakpoints ?? NO_BREAKPOINTS} />
      </div>
      <MemoHeldProviderBanner sessionId={session.id} events={events} provider={config?.provider ?? null} />
      {paused ? (
        <PausedBanner paused={paused} toolName={pausedCall?.name ?? null} onReview={reviewCall} />
      ) : null}
      {config?.scenario ? (
        <GuidePane
          scenarioId={config.scenario}
          sessionId={session.id}
          events={events}
          cursor={cursor}
          runState={runState}
          paused={paused}
          breakpoints={config.breakpoints}
          onFocusNodes={setGuideNodeIds}
          onReviewCall={reviewCall}
        />
      ) : null}
      <DebuggerLayout
        transcript={
          <div className="transcript-pane">
            {cursor.live ? null : (
              <p className="past-notice" data-testid="past-notice">
                {t("pastNotice", { seq: cursor.seq })}{" "}
                <button type="button" onClick={cursor.goLive}>
                  {t("goLive")}
                </button>
              </p>
            )}
            <div className="pane-scroll" data-testid="transcript-scroll" data-seq={cursor.seq}>
              <TranscriptPane sessionId={session.id} seq={cursor.seq} events={events}>
                <McpLinkContext.Provider value={showMcpMessages}>
                  <ForkSeqsContext.Provider value={forkSeqs}>
                    <MemoTranscriptView
                      messages={transcript.messages}
                      streaming={streaming}
                      highlightCallId={paused?.callId ?? null}
                    />
                  </ForkSeqsContext.Provider>
                </McpLinkContext.Provider>
              </TranscriptPane>
            </div>
            <MemoMessageBox sessionId={session.id} status={runState.status} />
          </div>
        }
        graph={
          <GraphPane
            events={events}
            upTo={cursor.seq}
            selectedNodeId={selectedNode?.id ?? null}
            focusNodeIds={guideNodeIds}
            onSelectNode={(node) => {
              setSelectedNode(node);
              setDetailMode("node");
            }}
          />
        }
        stream={
          <StreamPanel
            view={{
              ...stream,
              select: (position) => {
                stream.select(position);
                setDetailMode("stream");
              },
            }}
            highlightSeq={streamHighlight}
          />
        }
        detail={
          <DetailPane
            mode={detailMode}
            onMode={setDetailMode}
            views={{
              stream: <StreamScrub view={stream} />,
              node: (
                <NodeDetail
                  node={selectedNode}
                  events={events}
                  upTo={cursor.seq}
                  onShowMcpMessages={showMcpMessages}
                />
              ),
              event: <EventDetail event={cursorEvent} />,
              context: <ContextDiffView sessionId={session.id} events={events} seq={cursor.seq} />,
              tools: (
                <ToolsPanel
                  sessionId={session.id}
                  tools={config?.tools ?? session.tools}
                  events={events}
                  status={runState.status}
                />
              ),
              mcp: (
                <SessionMcpPane
                  sessionId={session.id}
                  events={events}
                  upTo={cursor.seq}
                  servers={mcpServers}
                  untrusted={untrusted}
                  busy={runState.status === "running" || runState.status === "paused"}
                  filter={wireFilter}
                  onFilter={setWireFilter}
                />
              ),
            }}
          />
        }
      />
      <Timeline
        events={events}
        seq={cursor.seq}
        live={cursor.live}
        connection={live}
        onSeek={cursor.seek}
        highlightSeq={paused?.seq ?? null}
      />
      {paused && dialogOpen ? (
        <CallDialogs
          sessionId={session.id}
          paused={paused}
          call={pausedCall}
          tools={config?.tools ?? session.tools}
          onDismiss={() => setDismissedSeq(paused.seq)}
        />
      ) : null}
    </div>
  );
}
