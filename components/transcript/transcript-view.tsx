import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import { PausedCallContext } from "./block-frame";
import { HighlightProvider } from "./highlight";
import { MessageCard } from "./message-card";
import { buildPairing } from "./pairing";
import { VIRTUAL_THRESHOLD, VirtualMessageList } from "./virtual-message-list";
import "./transcript.css";

interface TranscriptViewProps {
  /** The projected transcript's messages, in order (`cut` marks a partial assistant message). */
  messages: readonly (UnifiedMessage & { cut?: true })[];
  /** The assistant message being streamed, if any; drawn after the others. */
  streaming: UnifiedMessage | null;
  /** The tool call the run is paused at: its blocks are marked. */
  highlightCallId?: string | null;
}

/**
 * The conversation as the model sees it: numbered messages, tool_use and tool_result paired by id.
 * A long one draws only the messages in view.
 */
export function TranscriptView({ messages, streaming, highlightCallId = null }: TranscriptViewProps) {
  const t = useTranslations("Transcript");
  const pairing = useMemo(() => buildPairing(messages), [messages]);
  const empty = messages.length === 0 && !streaming;

  return (
    <section className="transcript" aria-labelledby="transcript-heading" data-testid="transcript">
      <h2 id="transcript-heading">{t("heading")}</h2>
      <p className="muted">{t("intro")}</p>
      {empty ? (
        <p className="empty" data-testid="transcript-empty">
          {t("empty")}
        </p>
      ) : (
        <PausedCallContext.Provider value={highlightCallId}>
          <HighlightProvider>
            {messages.length > VIRTUAL_THRESHOLD ? (
              <VirtualMessageList messages={messages} streaming={streaming} pairing={pairing} />
            ) : (
              <ol className="message-list">
                {messages.map((message, index) => (
                  <li key={index}>
                    <MessageCard message={message} number={index + 1} pairing={pairing} />
                  </li>
                ))}
                {streaming ? (
                  <li>
                    <MessageCard
                      message={streaming}
                      number={messages.length + 1}
                      pairing={pairing}
                      streaming
                    />
                  </li>
                ) : null}
              </ol>
            )}
          </HighlightProvider>
        </PausedCallContext.Provider>
      )}
    </section>
  );
}
