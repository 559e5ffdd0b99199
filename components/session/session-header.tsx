import Link from "next/link";
import { useTranslations } from "next-intl";
import { ExportLink } from "@/components/common/export-link";
import { StatusBadge } from "@/components/common/status-badge";
import { ImportDialog } from "@/components/sessions/import-dialog";
import type { SessionDetail } from "@/lib/contract/sessions";
import type { FailureExplanation } from "@/lib/trace/failure";
import type { SessionStatus } from "@/lib/trace/status";
import { OtlpActions } from "./otlp-actions";
import type { LiveState } from "./use-live-events";

interface SessionHeaderProps {
  session: SessionDetail["session"];
  /** Derived from the log, not the (possibly older) status in the session record. */
  status: SessionStatus;
  eventCount: number;
  live: LiveState;
  /** Why the last run failed, when it did (lib/trace/failure.ts). */
  failure?: FailureExplanation | null;
}

/** The session's title, derived status (and why a failed run failed), provider, size, live updates, Export and Import. */
export function SessionHeader({ session, status, eventCount, live, failure }: SessionHeaderProps) {
  const t = useTranslations();
  return (
    <header className="session-header">
      <p className="breadcrumb">
        <Link href="/">{t("Common.backToSessions")}</Link>
      </p>
      <div className="session-title-row">
        <h1 data-testid="session-title">{session.title || t("Common.untitled")}</h1>
        <StatusBadge status={status} />
        <div className="session-file-actions">
          <ExportLink id={session.id} title={session.title} />
          <ImportDialog />
        </div>
      </div>
      {status === "failed" && failure ? <FailureNote failure={failure} /> : null}
      {session.parentId === undefined ? null : (
        <p className="session-parent" data-testid="session-parent">
          <Link href={`/sessions/${encodeURIComponent(session.parentId)}`} data-testid="parent-link">
            {t("Fork.parentLink")}
          </Link>
          {session.forkSeq === undefined ? null : (
            <span> · {t("Fork.forkedAt", { seq: session.forkSeq })}</span>
          )}
          {" · "}
          <Link
            href={`/sessions/${encodeURIComponent(session.id)}/compare?with=${encodeURIComponent(session.parentId)}`}
            data-testid="compare-with-parent"
            title={t("Branch.compareWithParentHint")}
          >
            {t("Branch.compareWithParent")}
          </Link>
        </p>
      )}
      <p className="session-meta muted">
        <span>{t("Session.provider", { kind: session.provider.kind })}</span>
        <span>{t("Session.eventCount", { count: eventCount })}</span>
        <span className={`live-indicator live-${live}`} data-testid="live" data-live={live} role="status">
          {t(`Session.live.${live}`)}
        </span>
      </p>
      <OtlpActions sessionId={session.id} status={status} empty={eventCount <= 1} />
    </header>
  );
}

/** The failed run's reason, as recorded, and what to check, beside the status. */
function FailureNote({ failure }: { failure: FailureExplanation }) {
  const t = useTranslations("Failure");
  return (
    <div className="run-failure" role="alert" data-testid="run-failure">
      <p>
        <strong>{failure.status === null ? t("title") : t("titleStatus", { status: failure.status })}</strong>{" "}
        <code data-testid="run-failure-reason">{failure.reason}</code>
      </p>
      <ul>
        {failure.advice.map((advice) => (
          <li key={advice} data-advice={advice}>
            {t(`advice.${advice}`)}
          </li>
        ))}
      </ul>
      <p>
        <Link href="/settings">{t("settings")}</Link>
      </p>
    </div>
  );
}
