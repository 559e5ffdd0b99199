import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { RequestAssembled, TraceEvent } from "@/lib/trace/events";
import { diffRequests, type RequestDiff, type SectionDiff } from "@/lib/trace/request-diff";

interface RequestViewProps {
  events: readonly TraceEvent[];
  /** The cursor: requests assembled after it are not shown. */
  seq: number;
}

/** The tokenizer's name without the "(estimate)" the log appends: the label says so itself. */
function readTokenizerName(tokenizer: string): string {
  return tokenizer.replace(/\s*\(estimate\)\s*$/, "");
}

/** Each turn's last assembled request up to `seq`, in turn order. */
function selectTurnRequests(events: readonly TraceEvent[], seq: number): RequestAssembled[] {
  const byTurn = new Map<number, RequestAssembled>();
  for (const event of events) {
    if (event.seq > seq) break;
    if (event.kind === "request.assembled") byTurn.set(event.turn, event);
  }
  return [...byTurn.values()].sort((a, b) => a.turn - b.turn);
}

function RequestSection({ section, request }: { section: SectionDiff; request: RequestAssembled }) {
  const t = useTranslations("Transcript.request");
  const tokens = request.tokens[section.name];
  return (
    <details
      className={`request-section status-${section.status}`}
      data-testid="request-section"
      data-section={section.name}
      data-status={section.status}
    >
      <summary>
        <code>{section.name}</code>{" "}
        <span className={`request-status status-${section.status}`} title={t(`statusHint.${section.status}`)}>
          {t(`status.${section.status}`)}
        </span>{" "}
        {section.count === null ? null : (
          <span className="muted">{t("items", { count: section.count })}</span>
        )}{" "}
        <span className="request-tokens" data-testid="request-tokens" title={t("estimateHint")}>
          {t("tokens", { count: tokens })} ·{" "}
          {t("estimate", { tokenizer: readTokenizerName(request.tokens.tokenizer) })}
        </span>
      </summary>
      <pre className="block-json">
        {section.value === undefined ? t("absent") : JSON.stringify(section.value, null, 2)}
      </pre>
    </details>
  );
}

function RequestTurn({
  request,
  diff,
  first,
}: {
  request: RequestAssembled;
  diff: RequestDiff;
  first: boolean;
}) {
  const t = useTranslations("Transcript.request");
  return (
    <article
      className="request-turn"
      data-testid="request-turn"
      data-turn={request.turn}
      data-stable-prefix={diff.stablePrefix.join(",")}
    >
      <header className="message-header">
        <span className="message-number">{t("turn", { turn: request.turn, attempt: request.attempt })}</span>{" "}
        <span className="muted">{t("total", { count: request.tokens.total })}</span>
      </header>
      <p className="request-summary" data-testid="request-summary">
        {diff.stablePrefix.length > 0
          ? t("stablePrefix", { sections: diff.stablePrefix.join(" → ") })
          : first
            ? t("firstRequest")
            : t("noStablePrefix")}{" "}
        {t("addedMessages", { count: diff.addedMessages })}
      </p>
      {diff.sections.map((section) => (
        <RequestSection key={section.name} section={section} request={request} />
      ))}
    </article>
  );
}

/**
 * Every turn's request as it was sent, in the order tools → system → messages, with a token
 * estimate per section and what changed since the previous turn's request: the unchanged leading
 * sections are the stable prefix prompt caching can reuse.
 */
export function RequestView({ events, seq }: RequestViewProps) {
  const t = useTranslations("Transcript.request");
  const turns = useMemo(() => {
    const requests = selectTurnRequests(events, seq);
    return requests.map((request, index) => ({
      request,
      diff: diffRequests(index === 0 ? null : requests[index - 1]!.body, request.body),
    }));
  }, [events, seq]);

  return (
    <section className="request-view" data-testid="request-view" aria-label={t("heading")}>
      <p className="muted">{t("intro")}</p>
      {turns.length === 0 ? (
        <p className="empty" data-testid="request-empty">
          {t("empty")}
        </p>
      ) : (
        turns.map(({ request, diff }, index) => (
          <RequestTurn key={request.turn} request={request} diff={diff} first={index === 0} />
        ))
      )}
    </section>
  );
}
