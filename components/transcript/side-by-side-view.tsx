import { useTranslations } from "next-intl";
import { useEffect, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { OpenAIChatMessageParam } from "@/lib/protocol/openai-chat/types";
import type { OpenAIResponsesInputItem } from "@/lib/protocol/openai-responses/types";
import { assertNever } from "@/lib/protocol/unified";
import {
  alignRuns,
  groupBySide,
  sideOfChatMessage,
  sideOfResponsesItem,
  type Side,
  type SideRun,
} from "./align-formats";
import { ChatMessage, ResponsesItem } from "./format-body-view";
import { FormatField } from "./format-field";
import { BlockMessage } from "./unified-body-view";
import {
  FORMAT_NAME_KEYS,
  TRANSCRIPT_FORMATS,
  useTranscriptBody,
  type TranscriptBodyResponse,
  type TranscriptFormat,
} from "./use-transcript-body";

interface Entry {
  side: Side;
  node: ReactNode;
}

/** A system prompt as the first entry, when there is one. */
function systemEntry(name: string, text: string | undefined): Entry[] {
  return text ? [{ side: "system", node: <FormatField name={name} value={text} /> }] : [];
}

/** One shape's body as entries, each with its side of the conversation. */
function listEntries(data: TranscriptBodyResponse): Entry[] {
  switch (data.format) {
    case "anthropic": {
      const messages = data.body.messages as { role: string; content: unknown }[];
      return [
        ...systemEntry("system", data.body.system),
        ...messages.map((message, index) => ({
          side: sideOfChatMessage(message),
          node: <BlockMessage key={index} message={message} />,
        })),
      ];
    }
    case "openai-chat":
      return data.body.messages.map((message: OpenAIChatMessageParam, index) => ({
        side: sideOfChatMessage(message),
        node: <ChatMessage key={index} message={message} />,
      }));
    case "openai-responses":
      return [
        ...systemEntry("instructions", data.body.instructions),
        ...data.body.input.map((item: OpenAIResponsesInputItem, index) => ({
          side: sideOfResponsesItem(item as { type: string; role?: string }),
          node: <ResponsesItem key={index} item={item} />,
        })),
      ];
    case "unified":
      return [
        ...systemEntry("system", data.body.system),
        ...data.body.messages.map((message, index) => ({
          side: sideOfChatMessage(message),
          node: <BlockMessage key={index} message={message} />,
        })),
      ];
    default:
      return assertNever(data, "transcript format");
  }
}

interface SideBySideViewProps {
  sessionId: string;
  /** The timeline cursor: every shape shows the conversation as of this event. */
  seq: number;
  onClose: () => void;
}

/**
 * All four shapes of the conversation at the cursor, one column each, a row per run of one side
 * (`align-formats.ts`), over the whole window: each column as wide as it needs, the grid
 * scrolling both ways. Escape or the close button returns focus to the toolbar.
 */
export function SideBySideView({ sessionId, seq, onClose }: SideBySideViewProps) {
  const t = useTranslations("Transcript.format");
  const close = useRef<HTMLButtonElement>(null);
  const queries = {
    anthropic: useTranscriptBody(sessionId, "anthropic", seq, true),
    "openai-chat": useTranscriptBody(sessionId, "openai-chat", seq, true),
    "openai-responses": useTranscriptBody(sessionId, "openai-responses", seq, true),
    unified: useTranscriptBody(sessionId, "unified", seq, true),
  } satisfies Record<TranscriptFormat, unknown>;
  useEffect(() => close.current?.focus(), []);

  const columns: Partial<Record<TranscriptFormat, SideRun<Entry>[]>> = {};
  for (const format of TRANSCRIPT_FORMATS) {
    const data = queries[format].data;
    columns[format] = data?.format === format ? groupBySide(listEntries(data), (entry) => entry.side) : [];
  }
  const rows = alignRuns(columns);
  const loading = TRANSCRIPT_FORMATS.some((format) => queries[format].data?.format !== format);

  const view = (
    <div
      className="side-by-side"
      role="dialog"
      aria-modal="true"
      aria-labelledby="side-by-side-title"
      data-testid="side-by-side"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <header className="side-by-side-header">
        <h2 id="side-by-side-title">{t("sideBySideTitle")}</h2>
        <p className="muted">{t("sideBySideHint")}</p>
        <button ref={close} type="button" data-testid="side-by-side-close" onClick={onClose}>
          {t("close")}
        </button>
      </header>
      {loading ? (
        <p className="muted" role="status" data-testid="side-by-side-loading">
          {t("sideBySideLoading")}
        </p>
      ) : null}
      <div className="side-by-side-grid" data-testid="side-by-side-grid" tabIndex={0}>
        {TRANSCRIPT_FORMATS.map((format) => (
          <h3 key={format} className="side-by-side-heading" data-testid="side-by-side-heading">
            {t(`name.${FORMAT_NAME_KEYS[format]}`)}
          </h3>
        ))}
        {rows.map((row, rowIndex) =>
          TRANSCRIPT_FORMATS.map((format) => (
            <div
              key={`${rowIndex}-${format}`}
              className={`side-by-side-cell side-${row.side}`}
              data-testid="side-by-side-cell"
              data-format={format}
              data-row={rowIndex}
              data-side={row.side}
            >
              {row.cells[format]?.entries.map((entry, index) => <div key={index}>{entry.node}</div>) ?? (
                <p className="muted">{t("sideBySideEmpty")}</p>
              )}
            </div>
          )),
        )}
      </div>
    </div>
  );
  return createPortal(view, document.body);
}
