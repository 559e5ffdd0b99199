import { useTranslations } from "next-intl";
import type { CurrentVerdict, RecordedCall } from "./recorded-calls";

interface RevalidationListProps {
  toolName: string;
  calls: readonly RecordedCall[];
  verdicts: ReadonlyMap<string, CurrentVerdict>;
  pending: boolean;
  error: string | null;
}

type Outcome = "valid" | "invalid" | "other";

function judgeThen(call: RecordedCall): Outcome {
  if (call.then.status === "ok") return "valid";
  return call.then.status === "error" ? "invalid" : "other";
}

function judgeNow(verdict: CurrentVerdict | undefined): Outcome {
  if (verdict?.status !== "checked") return "other";
  return verdict.valid ? "valid" : "invalid";
}

/**
 * Every recorded call of the tool with its verdict then (the `validate` stage in the log) and now
 * (validated again against the schema being edited), and why: the errors of each.
 */
export function RevalidationList({ toolName, calls, verdicts, pending, error }: RevalidationListProps) {
  const t = useTranslations("Tools.revalidation");
  return (
    <section
      className="revalidation-list"
      data-testid="revalidation-list"
      aria-busy={pending}
      aria-label={t("heading")}
    >
      <h3>
        {t("heading")} {pending ? <span className="muted">{t("pending")}</span> : null}
      </h3>
      {error ? (
        <p className="warning" role="alert">
          {t("failed", { message: error })}
        </p>
      ) : null}
      {calls.length === 0 ? <p className="muted">{t("none", { name: toolName })}</p> : null}
      <ul>
        {calls.map((call) => {
          const verdict = verdicts.get(call.callId);
          const then = judgeThen(call);
          const now = judgeNow(verdict);
          return (
            <li
              key={call.callId}
              className="revalidation-item"
              data-testid="revalidation-item"
              data-call-id={call.callId}
              data-then={then}
              data-now={
                verdict === undefined ? "pending" : verdict.status === "unparseable" ? "unparseable" : now
              }
              data-changed={then !== "other" && now !== "other" && then !== now}
            >
              <div className="revalidation-head">
                <span>{t("turn", { turn: call.turn })}</span> <code>{call.callId}</code>
              </div>
              <code className="revalidation-arguments">{call.rawArguments}</code>
              <dl>
                <dt>{t("then")}</dt>
                <dd>
                  {t(`thenStatus.${call.then.status}`)}
                  {call.then.detail ? <span className="muted"> — {call.then.detail}</span> : null}
                </dd>
                <dt>{t("now")}</dt>
                <dd>
                  {verdict === undefined ? (
                    t("nowPending")
                  ) : verdict.status === "unparseable" ? (
                    t("unparseable")
                  ) : verdict.valid ? (
                    t("valid")
                  ) : (
                    <>
                      {t("invalid")}
                      <ul className="revalidation-errors">
                        {verdict.errors.map((item, index) => (
                          <li key={index}>
                            <code>{item.path || "/"}</code> {item.message}{" "}
                            <span className="muted">({item.keyword})</span>
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                </dd>
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
