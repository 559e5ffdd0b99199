import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { InlineError } from "@/components/common/query-states";
import { ExportLink } from "@/components/common/export-link";
import { StatusBadge } from "@/components/common/status-badge";
import type { SessionSummary } from "@/lib/contract/sessions";
import { useDeleteSession } from "./use-sessions";

/**
 * One session in the list: its title (a link), status, size and age, and delete with a
 * confirmation. A fork sits `depth` levels under its parent and says where it was forked.
 */
export function SessionRow({ session, depth = 0 }: { session: SessionSummary; depth?: number }) {
  const t = useTranslations();
  const format = useFormatter();
  const remove = useDeleteSession();
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const title = session.title || t("Common.untitled");
  const href = `/sessions/${encodeURIComponent(session.id)}`;

  return (
    <li
      className={`session-row${depth > 0 ? " is-fork" : ""}`}
      data-testid="session-row"
      data-session-id={session.id}
      data-parent-id={session.parentId}
      data-depth={depth}
      data-source={session.source}
      style={depth > 0 ? { marginInlineStart: `${Math.min(depth, 6) * 1.5}rem` } : undefined}
    >
      <div className="session-main">
        <Link href={href} className="session-title">
          {title}
        </Link>
        <StatusBadge status={session.status} />
        {session.source === "run" ? null : (
          <span
            className={`source-badge source-${session.source}`}
            data-testid="session-source"
            title={t(`Sessions.source.${session.source}Hint`)}
          >
            {t(`Sessions.source.badge.${session.source}`)}
          </span>
        )}
        {session.client ? (
          <span
            className="session-client"
            data-testid="session-client"
            title={t("Sessions.source.clientHint")}
          >
            {session.client}
          </span>
        ) : null}
      </div>
      <p className="session-meta muted">
        <span>{t("Sessions.events", { count: session.eventCount })}</span>
        <span>
          {t("Sessions.created", {
            date: format.dateTime(new Date(session.createdAt), { dateStyle: "medium", timeStyle: "short" }),
          })}
        </span>
        <span>{t("Sessions.provider", { kind: session.provider.kind })}</span>
        {session.forkSeq === undefined ? null : (
          <span className="session-forked-at" data-testid="session-forked-at">
            {t("Fork.forkedAt", { seq: session.forkSeq })}
          </span>
        )}
      </p>
      <div className="session-actions">
        {confirming ? (
          <div role="alertdialog" aria-label={t("Sessions.deleteLabel", { title })} className="confirm">
            <span>{t("Sessions.confirmDelete", { title })}</span>
            <button
              type="button"
              className="danger"
              data-testid="confirm-delete"
              disabled={remove.isPending}
              onClick={() => remove.mutate(session.id)}
            >
              {remove.isPending ? t("Sessions.deleting") : t("Sessions.confirm")}
            </button>
            <button
              type="button"
              autoFocus
              onClick={() => {
                // Hand focus back to the Delete button it replaced, so keyboard users stay put.
                flushSync(() => setConfirming(false));
                deleteButton.current?.focus();
              }}
            >
              {t("Sessions.cancel")}
            </button>
          </div>
        ) : (
          <>
            <Link href={href} className="button-link">
              {t("Sessions.open")}
            </Link>
            <ExportLink id={session.id} title={session.title} />
            {session.parentId === undefined ? null : (
              <Link
                href={`${href}/compare?with=${encodeURIComponent(session.parentId)}`}
                className="button-link"
                data-testid="compare-with-parent"
                title={t("Branch.compareWithParentHint")}
              >
                {t("Branch.compareWithParent")}
              </Link>
            )}
            <button
              ref={deleteButton}
              type="button"
              data-testid="delete-session"
              aria-label={t("Sessions.deleteLabel", { title })}
              onClick={() => setConfirming(true)}
            >
              {t("Sessions.delete")}
            </button>
          </>
        )}
        <InlineError error={remove.error} />
      </div>
    </li>
  );
}
