import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useRef, useState, type ReactNode } from "react";
import type { TraceEvent } from "@/lib/trace/events";
import { FORMAT_NAME_KEYS, TRANSCRIPT_FORMATS, type TranscriptFormat } from "./use-transcript-body";
import "./transcript.css";

/** The other shapes and the request view load when first chosen (the Anthropic blocks are the default). */
const FormatPanel = dynamic(() => import("./format-panel").then((m) => m.FormatPanel));
const RequestView = dynamic(() => import("./request-view").then((m) => m.RequestView));
const SideBySideView = dynamic(() => import("./side-by-side-view").then((m) => m.SideBySideView), {
  ssr: false,
});

interface TranscriptPaneProps {
  sessionId: string;
  /** The timeline cursor: every view shows the conversation as of this event. */
  seq: number;
  /** The cached log, for the request view. */
  events: readonly TraceEvent[];
  /** The Anthropic block view (the default), drawn by the caller so it can be memoised. */
  children: ReactNode;
}

/** A labelled on/off switch in the toolbar. */
function Toggle({
  label,
  hint,
  on,
  onChange,
  testId,
}: {
  label: string;
  hint: string;
  on: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={`format-toggle${on ? " is-on" : ""}`}
      aria-pressed={on}
      title={hint}
      data-testid={testId}
      onClick={() => onChange(!on)}
    >
      {label}
    </button>
  );
}

/**
 * The transcript pane: a toolbar choosing the shape (Anthropic blocks by default, OpenAI chat,
 * OpenAI Responses, unified) as a readable structure or raw JSON, or the request view of each
 * turn; "Side by side" opens all four shapes over the whole window, aligned message by message. Choices are local view state, never run state.
 */
export function TranscriptPane({ sessionId, seq, events, children }: TranscriptPaneProps) {
  const t = useTranslations("Transcript.format");
  const [format, setFormat] = useState<TranscriptFormat>("anthropic");
  const [sideBySide, setSideBySide] = useState(false);
  const [raw, setRaw] = useState(false);
  const [requests, setRequests] = useState(false);
  const toolbar = useRef<HTMLDivElement>(null);
  const closeSideBySide = () => {
    setSideBySide(false);
    toolbar.current?.querySelector<HTMLButtonElement>('[data-testid="format-side-by-side"]')?.focus();
  };
  const formatName = (f: TranscriptFormat) => t(`name.${FORMAT_NAME_KEYS[f]}`);

  const blocksOnly = format === "anthropic" && !raw;
  let body: ReactNode;
  if (requests) body = <RequestView events={events} seq={seq} />;
  else
    body = blocksOnly ? children : <FormatPanel sessionId={sessionId} format={format} seq={seq} raw={raw} />;

  return (
    <div className="transcript-formats" data-testid="transcript-formats" data-format={format}>
      <div ref={toolbar} className="format-toolbar" role="toolbar" aria-label={t("toolbar")}>
        <label className="format-select">
          {t("label")}{" "}
          <select
            value={format}
            data-testid="format-switch"
            title={t("hint")}
            onChange={(event) => setFormat(event.target.value as TranscriptFormat)}
          >
            {TRANSCRIPT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {formatName(f)}
              </option>
            ))}
          </select>
        </label>
        <Toggle
          label={t("sideBySide")}
          hint={t("sideBySideHint")}
          on={sideBySide}
          onChange={setSideBySide}
          testId="format-side-by-side"
        />
        <Toggle label={t("raw")} hint={t("rawHint")} on={raw} onChange={setRaw} testId="format-raw" />
        <Toggle
          label={t("requests")}
          hint={t("requestsHint")}
          on={requests}
          onChange={setRequests}
          testId="format-requests"
        />
      </div>
      {body}
      {sideBySide ? <SideBySideView sessionId={sessionId} seq={seq} onClose={closeSideBySide} /> : null}
    </div>
  );
}
