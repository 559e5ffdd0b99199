import { useTranslations } from "next-intl";
import { ForkHere } from "@/components/fork/fork-here";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import { BlockView } from "./block-registry";
import { blockKey } from "./block-types";
import type { PairingIndex } from "./pairing";

interface MessageCardProps {
  /** `cut`: the stream of this assistant message failed part-way (`TranscriptMessage.cut`). */
  message: UnifiedMessage & { cut?: true };
  /** Position in the transcript, from 1. */
  number: number;
  pairing: PairingIndex;
  /** The assistant message still being streamed: shown, but not yet part of the transcript. */
  streaming?: boolean;
}

/**
 * One message: its number and role (the wire name, explained on hover), a note when its stream
 * was cut, then its content blocks.
 */
export function MessageCard({ message, number, pairing, streaming = false }: MessageCardProps) {
  const t = useTranslations("Transcript");
  const headingId = `message-${number}${streaming ? "-streaming" : ""}`;
  return (
    <article
      className={`message message-${message.role}${streaming ? " is-streaming" : ""}`}
      data-testid={streaming ? "streaming-message" : "message"}
      data-role={message.role}
      data-number={number}
      aria-labelledby={headingId}
      aria-busy={streaming || undefined}
    >
      <header className="message-header" id={headingId}>
        <span className="message-number">{t("messageNumber", { number })}</span>
        <span className={`role-chip role-${message.role}`} title={t(`role.${message.role}`)}>
          {message.role}
        </span>
        {message.cut ? (
          <span className="stream-cut-badge" title={t("cutHint")} data-testid="message-cut">
            {t("cut")}
          </span>
        ) : null}
        {streaming ? (
          <span className="streaming-note" title={t("streamingHint")}>
            {t("streaming")}
          </span>
        ) : (
          <ForkHere number={number} />
        )}
      </header>
      <div className="message-blocks">
        {message.content.map((block, index) => (
          <BlockView key={blockKey(block, index)} block={block} pairing={pairing} streaming={streaming} />
        ))}
      </div>
    </article>
  );
}
