import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { isApiError } from "@/components/data/api";
import { diffLines, isUnchanged } from "./line-diff";
import type { OriginalResult } from "./replay-source";
import type { ReplayReply } from "./use-replay";

/** One result, original or replayed: its error flag, error kind and hint when present, and content. */
function ResultColumn({
  heading,
  result,
  testId,
}: {
  heading: string;
  result: OriginalResult;
  testId: string;
}) {
  const t = useTranslations("Replay");
  return (
    <section className="replay-column" data-testid={testId} data-is-error={String(result.isError)}>
      <h4>{heading}</h4>
      <p className="replay-flags">
        <code className={result.isError ? "flag-error" : "flag-ok"}>
          {result.isError ? t("isError") : t("isOk")}
        </code>
        {result.errorKind ? (
          <>
            {" "}
            <code className="error-kind" title={t("errorKind")} data-testid="replay-error-kind">
              {result.errorKind}
            </code>
          </>
        ) : null}
      </p>
      {result.hint ? (
        <p className="error-hint" data-testid="replay-hint">
          {t("hint", { hint: result.hint })}
        </p>
      ) : null}
      <pre className="dialog-json replay-content" tabIndex={0}>
        {result.content}
      </pre>
    </section>
  );
}

/** What a replay answered: its stages, its result beside the original, and a line diff of the two. */
export function ReplayOutcome({ reply, original }: { reply: ReplayReply; original: OriginalResult | null }) {
  const t = useTranslations("Replay");
  const diff = useMemo(
    () => (original === null ? null : diffLines(original.content, reply.result.content)),
    [original, reply.result.content],
  );

  return (
    <div className="replay-outcome" data-testid="replay-outcome">
      <h3>{t("stages")}</h3>
      <ol className="replay-stages" data-testid="replay-stages">
        {reply.stages.map((stage, index) => (
          <li key={index} data-stage={stage.stage} data-status={stage.status} data-testid="replay-stage">
            <code>{stage.stage}</code>{" "}
            <span className={`replay-status replay-status-${stage.status}`}>{stage.status}</span>
            {stage.detail ? <span className="muted"> — {stage.detail}</span> : null}
          </li>
        ))}
      </ol>
      <div className="replay-columns">
        {original === null ? (
          <section className="replay-column" data-testid="replay-original">
            <h4>{t("original")}</h4>
            <p className="muted">{t("noOriginal")}</p>
          </section>
        ) : (
          <ResultColumn heading={t("original")} result={original} testId="replay-original" />
        )}
        <ResultColumn heading={t("result")} result={reply.result} testId="replay-result" />
      </div>
      {reply.changes.length > 0 ? (
        <p className="muted" data-testid="replay-changes">
          {t("changes", { count: reply.changes.length })}
        </p>
      ) : null}
      {diff === null ? null : (
        <>
          <h3>{t("diff")}</h3>
          {isUnchanged(diff) ? <p className="muted">{t("unchanged")}</p> : null}
          <pre className="dialog-json replay-diff" data-testid="replay-diff" tabIndex={0}>
            {diff.map((line, index) => (
              <span key={index} className={`diff-line diff-${line.kind}`} data-kind={line.kind}>
                {line.kind === "removed" ? "- " : line.kind === "added" ? "+ " : "  "}
                {line.text}
              </span>
            ))}
          </pre>
        </>
      )}
    </div>
  );
}

/**
 * A failed replay in words: what the status means for a replay (the call or session is gone, a
 * run is live, the tool needs a person) followed by the server's own message.
 */
export function ReplayError({ error }: { error: unknown }) {
  const t = useTranslations("Replay.error");
  if (!error) return null;
  let message: string;
  if (!isApiError(error)) message = t("other", { status: "?", message: String(error) });
  else if (error.status === 0) message = t("network");
  else if (error.status === 404) message = t("notFound", { message: error.message });
  else if (error.status === 409) message = t("live", { message: error.message });
  else if (error.status === 422) message = t("manual", { message: error.message });
  else if (error.status === 400) message = t("invalid", { message: error.message });
  else message = t("other", { status: String(error.status), message: error.message });
  return (
    <p className="inline-error" role="alert" data-testid="replay-error">
      {message}
    </p>
  );
}
