"use client";

import "./graph.css";
import { useTranslations } from "next-intl";
import { useMemo, type ReactNode } from "react";
import { hasMcpMessages, McpMessagesLink } from "@/components/mcp/mcp-messages-link";
import { ReplayButton } from "@/components/replay/replay-button";
import { findRecordedToolCall } from "@/components/replay/replay-source";
import type { TraceEvent } from "@/lib/trace/events";
import type { GraphNode } from "@/lib/trace/graph/types";
import { formatMaybeJson, MAX_LISTED_EVENTS, pickNodeEvents, readNodeFields } from "./node-events";

export interface NodeDetailProps {
  /** The selected node, or null when none is. */
  node: GraphNode | null;
  /** The session's log; the events behind the node are picked from it by seq. */
  events: readonly TraceEvent[];
  /** Only events up to this seq (the timeline's cursor); default: all. */
  upTo?: number;
  /** Shows the JSON-RPC messages of an MCP tool's call (`mcp__<server>__<tool>`); no link without it. */
  onShowMcpMessages?: (callId: string) => void;
}

/**
 * What the detail pane shows for a selected graph node: its status, the stage's input, output
 * and duration, and the events behind it as pretty JSON, each collapsible. A node of a recorded
 * call (its tool_use block, a stage, its error result) offers "Replay this call".
 */
export function NodeDetail({ node, events, upTo, onShowMcpMessages }: NodeDetailProps) {
  const t = useTranslations("Graph.detail");
  const status = useTranslations("Graph.status");
  const kinds = useTranslations("Graph.kindName");
  const behind = useMemo(() => (node ? pickNodeEvents(node, events, upTo) : []), [node, events, upTo]);
  const fields = useMemo(() => (node ? readNodeFields(node) : {}), [node]);
  const callId = fields.callId;
  const call = useMemo(() => (callId ? findRecordedToolCall(events, callId) : null), [callId, events]);
  if (!node) {
    return (
      <section className="node-detail" data-testid="node-detail">
        <p className="muted">{t("none")}</p>
      </section>
    );
  }
  const rows: [string, ReactNode][] = [
    [t("kind"), kinds(node.kind)],
    [
      t("status"),
      <span key="s" className={`graph-chip graph-status-${node.status}`}>
        {status(node.status)}
      </span>,
    ],
    ...optional(t("callId"), fields.callId, true),
    ...optional(t("stage"), fields.stage, true),
    ...optional(t("section"), fields.section, true),
    ...optional(
      t("tokens"),
      fields.tokens === undefined ? undefined : t("tokenCount", { count: fields.tokens }),
    ),
    ...optional(t("wireEvents"), fields.wireEvents?.toString()),
    ...optional(t("streamBlocks"), fields.streamBlocks?.join(", ") || undefined),
    ...optional(t("stopReason"), fields.stopReason, true),
    ...optional(t("errorKind"), fields.errorKind, true),
    ...optional(t("duration"), fields.ms === undefined ? undefined : t("ms", { ms: fields.ms })),
    ...optional(t("summary"), hasProseSummary(node) ? undefined : node.detail || undefined),
  ];
  return (
    <section
      className="node-detail"
      data-testid="node-detail"
      data-node-id={node.id}
      aria-labelledby="node-detail-heading"
    >
      <h3 id="node-detail-heading">
        {kinds(node.kind)}: <code>{node.label}</code>
      </h3>
      <dl className="node-detail-fields">
        {rows.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {call ? (
        <p className="node-detail-replay">
          <ReplayButton call={call} label={t("replay")} testId="node-replay" />
        </p>
      ) : null}
      {callId && onShowMcpMessages && hasMcpMessages(events, callId) ? (
        <McpMessagesLink callId={callId} onShow={onShowMcpMessages} />
      ) : null}
      {fields.input !== undefined ? (
        <Field title={t("input")} text={fields.input} testId="node-input" />
      ) : null}
      {fields.output !== undefined ? (
        <Field title={t("output")} text={fields.output} testId="node-output" />
      ) : null}
      <h4>{t("events", { count: behind.length })}</h4>
      {behind.length === 0 ? <p className="muted">{t("noEvents")}</p> : null}
      <ol className="node-detail-events">
        {behind.slice(0, MAX_LISTED_EVENTS).map((event) => (
          <li key={event.seq} data-testid="node-event" data-seq={event.seq}>
            <details>
              <summary>
                <code>#{event.seq}</code> <code>{event.kind}</code>
              </summary>
              <pre>{JSON.stringify(event, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ol>
      {behind.length > MAX_LISTED_EVENTS ? (
        <p className="muted">{t("more", { count: behind.length - MAX_LISTED_EVENTS })}</p>
      ) : null}
    </section>
  );
}

function optional(name: string, value: string | undefined, code = false): [string, ReactNode][] {
  if (value === undefined) return [];
  return [[name, code ? <code key={name}>{value}</code> : value]];
}

function Field({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <div className="node-detail-field" data-testid={testId}>
      <h4>{title}</h4>
      <pre>{formatMaybeJson(text)}</pre>
    </div>
  );
}

/**
 * A request section's and a stream's `detail` is English the projection writes ("12 tokens
 * (o200k)", "3 wire events · stop end_turn"); the rows above say the same in the UI language.
 */
function hasProseSummary(node: GraphNode): boolean {
  return node.kind === "request-section" || node.kind === "stream";
}
