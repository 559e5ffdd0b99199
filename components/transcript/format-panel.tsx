import { useTranslations } from "next-intl";
import { assertNever } from "@/lib/protocol/unified";
import { OpenAIChatBodyView, OpenAIResponsesBodyView } from "./format-body-view";
import { UnifiedBodyView } from "./unified-body-view";
import {
  FORMAT_NAME_KEYS,
  useTranscriptBody,
  type TranscriptBodyResponse,
  type TranscriptFormat,
} from "./use-transcript-body";

interface FormatPanelProps {
  sessionId: string;
  format: TranscriptFormat;
  /** The cursor: the conversation as of this event. */
  seq: number;
  /** Show the body as pretty JSON instead of its readable structure. */
  raw: boolean;
}

function StructuredBody({ data }: { data: TranscriptBodyResponse }) {
  switch (data.format) {
    case "anthropic":
      return (
        <pre data-testid="raw-json" className="raw-json">
          {JSON.stringify(data.body, null, 2)}
        </pre>
      );
    case "openai-chat":
      return <OpenAIChatBodyView body={data.body} />;
    case "openai-responses":
      return <OpenAIResponsesBodyView body={data.body} />;
    case "unified":
      return <UnifiedBodyView body={data.body} />;
    default:
      return assertNever(data, "transcript format");
  }
}

/**
 * The conversation at the cursor as the request body `format`'s provider would be sent, fetched
 * from the server (which writes it with the providers' own converters).
 */
export function FormatPanel({ sessionId, format, seq, raw }: FormatPanelProps) {
  const t = useTranslations("Transcript.format");
  const query = useTranscriptBody(sessionId, format, seq, true);
  // A body kept on screen while the next loads may be another format's: never draw it as this one.
  const data = query.data?.format === format ? query.data : undefined;

  if (query.isError && !data) {
    return (
      <p className="error" role="alert" data-testid="format-error">
        {t("error", { message: query.error instanceof Error ? query.error.message : String(query.error) })}
      </p>
    );
  }
  if (!data) {
    return (
      <p className="muted" role="status" data-testid="format-loading">
        {t("loading", { format: t(`name.${FORMAT_NAME_KEYS[format]}`) })}
      </p>
    );
  }
  return (
    <div
      className="format-panel"
      data-testid="format-panel"
      data-format={format}
      aria-busy={query.isFetching}
    >
      {data.notes && data.notes.length > 0 ? (
        <details className="format-notes" data-testid="format-notes">
          <summary>{t("notes", { count: data.notes.length })}</summary>
          <ul>
            {data.notes.map((note, index) => (
              <li key={index}>{note}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {raw ? (
        <pre data-testid="raw-json" className="raw-json" tabIndex={0}>
          {JSON.stringify(data.body, null, 2)}
        </pre>
      ) : (
        <StructuredBody data={data} />
      )}
    </div>
  );
}
