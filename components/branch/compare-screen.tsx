"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { NotFoundState } from "@/components/common/not-found-state";
import { ErrorState, LoadingState } from "@/components/common/query-states";
import { isApiError } from "@/components/data/api";
import type { SessionDetail } from "@/lib/contract/sessions";
import { compareConfigs } from "@/lib/trace/compare-config";
import { compareTurns } from "@/lib/trace/compare-turns";
import { ComparePicker } from "./compare-picker";
import { ConfigDifferences } from "./config-differences";
import { TurnRow } from "./turn-row";
import { orderBranchSides, useBranchSession } from "./use-branch-sessions";
import "./branch.css";

interface CompareScreenProps {
  /** The page's session (`/sessions/:id/compare`). */
  id: string;
  /** `?with=`: the session to compare with; absent, the page's parent. */
  withId: string | null;
}

/** A loading, missing or failed session, or null once it is loaded. */
function describeQuery(query: ReturnType<typeof useBranchSession>, id: string) {
  if (isApiError(query.error, 404)) return <NotFoundState sessionId={id} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <LoadingState />;
  return null;
}

/**
 * `/sessions/:id/compare?with=:other`: two sessions' transcripts side by side, turn by turn. A
 * fork and its parent are aligned from the fork point (the parent on the left); the first turn
 * that differs is marked, and each differing block is highlighted. Without `with`, a fork is
 * compared with its parent; a root session asks which session to compare with.
 */
export function CompareScreen({ id, withId }: CompareScreenProps) {
  const t = useTranslations("Branch");
  const page = useBranchSession(id);
  const otherId = withId ?? page.data?.session.parentId ?? null;
  const other = useBranchSession(otherId);

  const pageState = describeQuery(page, id);
  if (pageState) return <div className="page branch-page">{pageState}</div>;
  if (otherId === null)
    return (
      <div className="page branch-page">
        <BranchHeading />
        <ComparePicker id={id} />
      </div>
    );
  const otherState = describeQuery(other, otherId);
  if (otherState || !page.data || !other.data) return <div className="page branch-page">{otherState}</div>;
  return (
    <div className="page branch-page" data-testid="branch-view">
      <BranchHeading />
      <BranchBody page={page.data} other={other.data} />
      <p className="muted">{t("legend")}</p>
    </div>
  );
}

function BranchHeading() {
  const t = useTranslations();
  return (
    <>
      <p className="breadcrumb">
        <Link href="/">{t("Common.backToSessions")}</Link>
      </p>
      <h1>{t("Branch.title")}</h1>
    </>
  );
}

function SideHead({ detail, role }: { detail: SessionDetail; role: "parent" | "fork" | "session" }) {
  const t = useTranslations();
  const { session } = detail;
  return (
    <div className="branch-side-head" data-testid="branch-side" data-session-id={session.id}>
      <span className="branch-role">{t(`Branch.side.${role}`)}</span>
      <Link href={`/sessions/${encodeURIComponent(session.id)}`}>
        {session.title || t("Common.untitled")}
      </Link>
    </div>
  );
}

function BranchBody({ page, other }: { page: SessionDetail; other: SessionDetail }) {
  const t = useTranslations("Branch");
  const { left, right, forkSeq } = orderBranchSides(page, other);
  const comparison = useMemo(
    () => compareTurns(left.events, right.events, forkSeq === undefined ? {} : { forkSeq }),
    [left.events, right.events, forkSeq],
  );
  const configs = useMemo(() => compareConfigs(left.events, right.events), [left.events, right.events]);
  const related = forkSeq !== undefined;

  return (
    <>
      {related ? (
        <p data-testid="branch-fork-point">
          {t("forkPoint", { seq: forkSeq, turn: comparison.forkTurn ?? 0 })}
        </p>
      ) : (
        <p className="muted">{t("unrelated")}</p>
      )}
      <p data-testid="branch-summary">
        {comparison.firstDifference === null ? (
          t("noDifference")
        ) : (
          <a href="#first-difference">{t("jumpToFirst", { turn: comparison.firstDifference })}</a>
        )}
      </p>
      <ConfigDifferences fields={configs} />
      <div className="branch-heads">
        <SideHead detail={left} role={related ? "parent" : "session"} />
        <SideHead detail={right} role={related ? "fork" : "session"} />
      </div>
      {comparison.turns.length === 0 ? <p className="muted">{t("noTurns")}</p> : null}
      <ol className="branch-turns" aria-label={t("turnsLabel")}>
        {comparison.turns.map((turn) => (
          <TurnRow key={turn.turn} turn={turn} firstDifference={turn.turn === comparison.firstDifference} />
        ))}
      </ol>
    </>
  );
}
