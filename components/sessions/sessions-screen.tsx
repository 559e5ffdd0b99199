"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorState, LoadingState } from "@/components/common/query-states";
import { isApiError } from "@/components/data/api";
import { ImportDialog } from "./import-dialog";
import { NewSessionForm } from "./new-session-form";
import { SessionRow } from "./session-row";
import { buildSessionTree } from "./session-tree";
import { SourceFilter } from "./source-filter";
import { useSessions, type SessionSource } from "./use-sessions";
import "./sessions.css";

/** `/`: every session (or those of one source), newest first as the server orders them, forks indented under their parent, with create (choosing the provider), import, open and delete, and a link to the settings. The list polls, so captured sessions appear and fill in. */
export function SessionsScreen() {
  const t = useTranslations("Sessions");
  const [source, setSource] = useState<SessionSource | null>(null);
  const sessions = useSessions(source);

  if (isApiError(sessions.error, 401)) return <ErrorState error={sessions.error} />;

  return (
    <div className="page sessions-page">
      <div className="sessions-heading">
        <h1>{t("title")}</h1>
        <div className="sessions-tools">
          <ImportDialog />
          <Link href="/settings" className="button-link" data-testid="settings-link">
            {t("settingsLink")}
          </Link>
        </div>
      </div>
      <p className="muted">{t("intro")}</p>
      <NewSessionForm />
      <SourceFilter value={source} onChange={setSource} />
      {sessions.isPending ? (
        <LoadingState />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : !sessions.sessions || sessions.sessions.length === 0 ? (
        <p className="empty" data-testid="sessions-empty">
          {source === null ? t("empty") : t("emptySource", { source: t(`source.${source}`) })}
        </p>
      ) : (
        <>
          <ul className="session-list" aria-label={t("listLabel")}>
            {buildSessionTree(sessions.sessions).map(({ session, depth }) => (
              <SessionRow key={session.id} session={session} depth={depth} />
            ))}
          </ul>
          {sessions.hasNextPage ? (
            <button
              type="button"
              className="sessions-more"
              data-testid="sessions-more"
              onClick={() => void sessions.fetchNextPage()}
              disabled={sessions.isFetchingNextPage}
            >
              {sessions.isFetchingNextPage ? t("loadingOlder") : t("showOlder")}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
