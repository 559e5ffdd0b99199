import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import type { TraceEvent } from "@/lib/trace/events";
import {
  projectContextDiffs,
  type CacheReport,
  type ContextDiff,
  type TurnContext,
} from "@/lib/trace/context-diff";
import { readSection } from "@/lib/trace/request-diff";
import { checkRequest } from "@/lib/trace/request-doctor";
import { RequestReplay } from "./request-replay";
import "./context.css";

interface ContextDiffViewProps {
  sessionId: string;
  events: readonly TraceEvent[];
  /** The timeline cursor: requests after it are not shown. */
  seq: number;
}

/** Characters of a changed string system prompt shown either side of its first difference. */
const SNIPPET = 60;

function snippet(text: unknown, at: number): string | null {
  if (typeof text !== "string") return null;
  const start = Math.max(0, at - 20);
  return `${start > 0 ? "…" : ""}${text.slice(start, at + SNIPPET)}${at + SNIPPET < text.length ? "…" : ""}`;
}

function NameList({ label, names, kind }: { label: string; names: string[]; kind: string }) {
  if (names.length === 0) return null;
  return (
    <li data-testid={`context-tools-${kind}`}>
      {label}{" "}
      {names.map((name) => (
        <code key={name} className={`context-name context-${kind}`}>
          {name}
        </code>
      ))}
    </li>
  );
}

function CacheLine({ cache }: { cache: CacheReport | null }) {
  const t = useTranslations("Context");
  if (cache === null) return <span className="muted">{t("cache.pending")}</span>;
  if (cache.cachedTokens === null) return <span className="muted">{t("cache.unreported")}</span>;
  return (
    <span data-testid="context-cache-tokens" data-cached={cache.cachedTokens}>
      {t("cache.reported", {
        field: cache.field,
        cached: cache.cachedTokens,
        input: cache.inputTokens ?? "?",
      })}
      {cache.cacheWriteTokens ? ` ${t("cache.written", { count: cache.cacheWriteTokens })}` : null}
    </span>
  );
}

function PrefixLine({ diff }: { diff: ContextDiff }) {
  const t = useTranslations("Context");
  if (!diff.hasPrevious) return <>{t("prefix.first")}</>;
  if (diff.prefixBreak === null) return <>{t("prefix.whole", { units: diff.prefixUnits })}</>;
  const { section, index, label } = diff.prefixBreak;
  return (
    <>
      {t("prefix.broke", { units: diff.prefixUnits })}{" "}
      <code data-testid="context-break-at">
        {section}[{index}]{label ? ` (${label})` : ""}
      </code>
    </>
  );
}

/** The pairing doctor on this request as it was sent: would the provider accept its transcript? */
function DoctorSection({ turn }: { turn: TurnContext }) {
  const t = useTranslations("Context.doctor");
  const check = useMemo(() => checkRequest(turn.request), [turn.request]);
  const problems = check.ok ? check.problems : [];
  const errors = problems.filter((problem) => problem.severity === "error").length;
  return (
    <>
      <h4>{t("heading")}</h4>
      <p
        data-testid="context-doctor"
        data-problems={problems.length}
        data-errors={errors}
        className={errors > 0 ? "context-doctor is-rejected" : "context-doctor"}
      >
        {!check.ok
          ? t("unreadable", { reason: check.reason })
          : problems.length === 0
            ? t("clean", { count: check.messages })
            : errors > 0
              ? t("rejected", { count: errors })
              : t("warnings", { count: problems.length })}
      </p>
      {problems.length > 0 ? (
        <ul className="context-list">
          {problems.map((problem, index) => (
            <li
              key={index}
              data-testid="context-doctor-problem"
              data-rule={problem.rule}
              data-severity={problem.severity}
            >
              <code>{problem.rule}</code> ({problem.severity}) {problem.message}
              {problem.rejectedBy.length > 0
                ? ` ${t("rejectedBy", { formats: problem.rejectedBy.join(", ") })}`
                : null}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function TurnDetail({ turn, sessionId }: { turn: TurnContext; sessionId: string }) {
  const t = useTranslations("Context");
  const { diff, request, previous } = turn;
  const broke = diff.prefixBreak !== null;
  const before = previous ? readSection(previous.body, "system") : undefined;
  const after = readSection(request.body, "system");
  const at = diff.system.firstDifference ?? 0;
  return (
    <article
      className="context-turn"
      data-testid="context-turn"
      data-turn={request.turn}
      data-break={diff.prefixBreak ? diff.prefixBreak.section : "none"}
    >
      <p className={`context-prefix${broke ? " is-broken" : ""}`} data-testid="context-prefix">
        <PrefixLine diff={diff} />
      </p>
      <p className="context-cache">
        <CacheLine cache={turn.cache} />
      </p>
      <h4>{t("tools.heading", { count: diff.tools.count })}</h4>
      <ul className="context-list" data-testid="context-tools">
        <NameList label={t("tools.added")} names={diff.hasPrevious ? diff.tools.added : []} kind="added" />
        <NameList label={t("tools.removed")} names={diff.tools.removed} kind="removed" />
        <NameList label={t("tools.changed")} names={diff.tools.changed} kind="changed" />
        {diff.tools.reordered ? <li>{t("tools.reordered")}</li> : null}
        {diff.hasPrevious &&
        diff.tools.added.length + diff.tools.removed.length + diff.tools.changed.length === 0 &&
        !diff.tools.reordered ? (
          <li className="muted">{t("unchanged")}</li>
        ) : null}
      </ul>
      <h4>{t("system.heading")}</h4>
      <p data-testid="context-system" data-status={diff.system.status}>
        {t(`system.${diff.system.status}`, { at })}
      </p>
      {diff.system.status === "changed" && typeof after === "string" ? (
        <div className="context-snippets">
          <pre className="context-before">{snippet(before, at)}</pre>
          <pre className="context-after">{snippet(after, at)}</pre>
        </div>
      ) : null}
      <h4>{t("history.heading", { count: diff.history.count })}</h4>
      <p data-testid="context-history">
        {t("history.summary", {
          kept: diff.history.kept,
          appended: diff.history.appended,
          rewritten: diff.history.rewritten,
        })}
      </p>
      {diff.otherChanged.length > 0 ? (
        <>
          <h4>{t("other")}</h4>
          <p data-testid="context-other">
            {diff.otherChanged.map((key) => (
              <code key={key} className="context-name">
                {key}
              </code>
            ))}
          </p>
        </>
      ) : null}
      <DoctorSection turn={turn} />
      {request.capture ? <RequestReplay sessionId={sessionId} request={request} /> : null}
    </article>
  );
}

/**
 * The context diff for one turn: what changed in tools, system and history since the previous
 * turn's request, where the cacheable prefix broke, beside what the upstream reported it cached.
 * Follows the cursor's latest turn until a turn is picked.
 */
export function ContextDiffView({ sessionId, events, seq }: ContextDiffViewProps) {
  const t = useTranslations("Context");
  const turns = useMemo(() => projectContextDiffs(events, seq), [events, seq]);
  const [picked, setPicked] = useState<number | null>(null);
  if (turns.length === 0) {
    return (
      <p className="empty" data-testid="context-empty">
        {t("empty")}
      </p>
    );
  }
  const shown = turns.find((turn) => turn.request.turn === picked) ?? turns.at(-1)!;
  return (
    <section className="context-view" data-testid="context-view" aria-label={t("heading")}>
      <label className="context-picker">
        {t("turnLabel")}{" "}
        <select
          value={shown.request.turn}
          data-testid="context-turn-picker"
          onChange={(event) => setPicked(Number(event.target.value))}
        >
          {turns.map((turn) => (
            <option key={turn.request.turn} value={turn.request.turn}>
              {turn.previous
                ? t("turnOption", { turn: turn.request.turn, previous: turn.previous.turn })
                : t("firstOption", { turn: turn.request.turn })}
            </option>
          ))}
        </select>
      </label>
      <TurnDetail turn={shown} sessionId={sessionId} />
    </section>
  );
}
