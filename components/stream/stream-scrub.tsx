import { useTranslations } from "next-intl";
import type { StreamBlock } from "@/lib/protocol/stream-blocks";
import { describePartialArguments, type PartialArguments } from "@/lib/trace/stream-view";
import type { StreamView } from "./use-stream-view";

/**
 * The stream scrubber's output: the content blocks assembled up to the active row, and each tool
 * call's arguments as parsed at that point — where the raw text is not JSON yet, both the raw
 * text and the partial parse, labelled. The same for every wire: it reads the stream parts'
 * blocks (docs/architecture.md, "Stream parts").
 */
export function StreamScrub({ view }: { view: StreamView }) {
  const t = useTranslations("Stream.scrub");
  const { active, state } = view;
  if (!active || !state) return <p className="empty">{t("empty")}</p>;
  const { blocks, stopReason, usage, errors } = state.stream.blocks;
  const partials = describePartialArguments(state.stream);

  return (
    <div
      className="stream-scrub"
      data-testid="stream-scrub"
      data-seq={active.seq}
      data-format={state.stream.format}
    >
      <p className="muted">
        {t("at", { index: active.index, event: active.type, turn: active.turn, attempt: active.attempt })}
        {" · "}
        {t("wire", { format: state.stream.format })}
      </p>
      <h3>{t("blocks")}</h3>
      {blocks.length === 0 ? <p className="muted">{t("noBlocks")}</p> : null}
      <ol className="scrub-blocks">
        {blocks.map((block) => (
          <li
            key={block.id}
            data-testid="scrub-block"
            data-kind={block.kind}
            data-type={readBlockType(block)}
          >
            <ScrubBlock block={block} />
          </li>
        ))}
      </ol>
      {stopReason ? (
        <p className="muted" data-testid="scrub-stop-reason">
          {t("stop", { unified: stopReason.unified, raw: stopReason.raw ?? "null" })}
        </p>
      ) : null}
      {usage ? (
        <p className="muted" data-testid="scrub-usage">
          {t("usage", { input: usage.inputTokens ?? "?", output: usage.outputTokens ?? "?" })}
        </p>
      ) : null}
      <h3>{t("arguments")}</h3>
      {partials.length === 0 ? <p className="muted">{t("noArguments")}</p> : null}
      {partials.map((partial) => (
        <PartialArgumentsView key={partial.blockIndex} partial={partial} />
      ))}
      {errors.length > 0 ? (
        <>
          <h3>{t("errors")}</h3>
          <ul className="scrub-notes" data-testid="scrub-errors">
            {errors.map((error, index) => (
              <li key={index}>{error.code ? `${error.code}: ${error.message}` : error.message}</li>
            ))}
          </ul>
        </>
      ) : null}
      {state.stream.notes.length > 0 ? (
        <>
          <h3>{t("notes")}</h3>
          <ul className="scrub-notes" data-testid="scrub-notes">
            {state.stream.notes.map((note, index) => (
              <li key={index}>{note}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** The block's kind as a label key: a refusal, redacted reasoning or provider-run call says so. */
function readLabelKey(block: StreamBlock): string {
  if (block.kind === "text") return block.refusal ? "refusal" : "text";
  if (block.kind === "reasoning") return block.redacted !== null ? "redacted" : "reasoning";
  if (block.kind === "tool") return block.providerExecuted ? "providerTool" : "tool";
  return "other";
}

function readBlockType(block: StreamBlock): string {
  return block.kind === "other" ? block.blockType : readLabelKey(block);
}

function ScrubBlock({ block }: { block: StreamBlock }) {
  const t = useTranslations("Stream.scrub");
  return (
    <>
      <span className="scrub-block-head">
        <code>[{block.position}]</code> <strong>{t(`kind.${readLabelKey(block)}` as "kind.text")}</strong>
        {block.kind === "other" ? <code> {block.blockType}</code> : null}{" "}
        <span className={block.complete ? "muted" : "streaming-note"}>
          {block.complete ? t("stopped") : t("open")}
        </span>
      </span>
      {block.kind === "text" || (block.kind === "reasoning" && block.redacted === null) ? (
        <p className="scrub-text" data-testid="scrub-block-text">
          {block.text}
        </p>
      ) : block.kind === "tool" ? (
        <p className="scrub-text">
          <code>{block.toolName}</code> <span className="muted">{block.toolCallId}</span>
        </p>
      ) : block.kind === "other" ? (
        <pre className="scrub-json">{JSON.stringify(block.raw, null, 2)}</pre>
      ) : null}
      {block.kind === "reasoning" && block.signature ? (
        <p className="muted">
          {t("signature")}: <code>{truncate(block.signature)}</code>
        </p>
      ) : null}
    </>
  );
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function PartialArgumentsView({ partial }: { partial: PartialArguments }) {
  const t = useTranslations("Stream.scrub");
  return (
    <section className="scrub-arguments" data-block-index={partial.blockIndex}>
      <p className="scrub-block-head">
        <code>[{partial.blockIndex}]</code> <code>{partial.name ?? "?"}</code>{" "}
        <span className={`parse-label parse-${partial.parse}`}>{t(`parse.${partial.parse}`)}</span>{" "}
        <span className="muted">{partial.complete ? t("complete") : t("streaming")}</span>
      </p>
      {partial.parse === "malformed" ? null : (
        <>
          <p className="scrub-label">{partial.parse === "json" ? t("parsedLabel") : t("repairedLabel")}</p>
          <pre
            className="scrub-json"
            data-testid="partial-arguments"
            data-parse={partial.parse}
            data-block-index={partial.blockIndex}
          >
            {JSON.stringify(partial.value, null, 2)}
          </pre>
        </>
      )}
      <p className="scrub-label">{t("rawLabel")}</p>
      <pre className="scrub-json scrub-raw" data-testid="partial-arguments-raw">
        {partial.raw}
      </pre>
    </section>
  );
}
