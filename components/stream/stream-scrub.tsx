import { useTranslations } from "next-intl";
import type { AnthropicContentBlock } from "@/lib/protocol/anthropic/types";
import { describePartialArguments, type PartialArguments } from "@/lib/trace/stream-view";
import type { StreamView } from "./use-stream-view";

/**
 * The stream scrubber's output: the content blocks assembled up to the active row, and each tool
 * call's arguments as parsed at that point — where the raw text is not JSON yet, both the raw
 * text and the partial parse, labelled.
 */
export function StreamScrub({ view }: { view: StreamView }) {
  const t = useTranslations("Stream.scrub");
  const { active, state } = view;
  if (!active || !state) return <p className="empty">{t("empty")}</p>;
  const blocks = state.stream.message?.content ?? [];
  const partials = describePartialArguments(state.stream);

  return (
    <div className="stream-scrub" data-testid="stream-scrub" data-seq={active.seq}>
      <p className="muted">
        {t("at", { index: active.index, event: active.type, turn: active.turn, attempt: active.attempt })}
      </p>
      <h3>{t("blocks")}</h3>
      {blocks.length === 0 ? <p className="muted">{t("noBlocks")}</p> : null}
      <ol className="scrub-blocks">
        {blocks.map((block, index) => (
          <li key={index} data-testid="scrub-block" data-type={block?.type}>
            <ScrubBlock block={block} index={index} stopped={state.stream.stoppedBlocks.includes(index)} />
          </li>
        ))}
      </ol>
      <h3>{t("arguments")}</h3>
      {partials.length === 0 ? <p className="muted">{t("noArguments")}</p> : null}
      {partials.map((partial) => (
        <PartialArgumentsView key={partial.blockIndex} partial={partial} />
      ))}
      {state.stream.notes.length > 0 ? (
        <>
          <h3>{t("notes")}</h3>
          <ul className="scrub-notes">
            {state.stream.notes.map((note, index) => (
              <li key={index}>{note}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function ScrubBlock({
  block,
  index,
  stopped,
}: {
  block: AnthropicContentBlock | undefined;
  index: number;
  stopped: boolean;
}) {
  const t = useTranslations("Stream.scrub");
  if (!block) return <span className="muted">{t("missingBlock", { index })}</span>;
  return (
    <>
      <span className="scrub-block-head">
        <code>[{index}]</code> <strong>{block.type}</strong>{" "}
        <span className={stopped ? "muted" : "streaming-note"}>{stopped ? t("stopped") : t("open")}</span>
      </span>
      {block.type === "text" && typeof block.text === "string" ? (
        <p className="scrub-text">{block.text}</p>
      ) : block.type === "tool_use" ? (
        <p className="scrub-text">
          <code>{String(block.name)}</code> <span className="muted">{String(block.id)}</span>
        </p>
      ) : (
        <pre className="scrub-json">{JSON.stringify(block, null, 2)}</pre>
      )}
    </>
  );
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
