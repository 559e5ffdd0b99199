import Link from "next/link";
import { useTranslations } from "next-intl";
import { StatusBadge } from "@/components/common/status-badge";
import type { SessionDetail } from "@/lib/contract/sessions";
import type { SessionStatus } from "@/lib/trace/status";
import { OtlpActions } from "./otlp-actions";
import type { LiveState } from "./use-live-events";

interface SessionHeaderProps {
  session: SessionDetail["session"];
  /** Derived from the log, not the (possibly older) status in the session record. */
  status: SessionStatus;
  eventCount: number;
  live: LiveState;
}

/** The session's title, derived status, provider, size and whether live updates are flowing. */
export function SessionHeader({ session, status, eventCount, live }: SessionHeaderProps) {
  const t = useTranslations();
  return (
    <header className="session-header">
      <p className="breadcrumb">
        <Link href="/">{t("Common.backToSessions")}</Link>
      </p>
      <div className="session-title-row">
        <h1 data-testid="session-title">{session.title || t("Common.untitled")}</h1>
        <StatusBadge status={status} />
      </div>
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
