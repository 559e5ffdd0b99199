import { useTranslations } from "next-intl";
import type { ComparedBlock, ComparedTurn } from "@/lib/trace/compare-turns";
import { BlockLine } from "./block-line";

/** One aligned pair of blocks: the left block, the right one, highlighted unless they match. */
function BlockPair({ pair }: { pair: ComparedBlock }) {
  const t = useTranslations("Branch");
  return (
    <div
      className={`branch-pair branch-match-${pair.match}`}
      data-testid="branch-pair"
      data-match={pair.match}
    >
      <div className="branch-cell" data-side="left">
        {pair.left ? <BlockLine item={pair.left} /> : <p className="branch-absent muted">{t("absent")}</p>}
      </div>
      <div className="branch-cell" data-side="right">
        {pair.right ? <BlockLine item={pair.right} /> : <p className="branch-absent muted">{t("absent")}</p>}
      </div>
    </div>
  );
}

interface TurnRowProps {
  turn: ComparedTurn;
  firstDifference: boolean;
}

/**
 * One turn of the comparison: its number, whether it matches, where it sits relative to the
 * fork, and its blocks side by side. A matching turn starts folded; a differing one open. The
 * first differing turn is marked and is the target of the page's "first difference" link.
 */
export function TurnRow({ turn, firstDifference }: TurnRowProps) {
  const t = useTranslations("Branch");
  const same = turn.match === "same";
  return (
    <li
      className={`branch-turn branch-turn-${turn.match}${firstDifference ? " is-first-difference" : ""}`}
      id={firstDifference ? "first-difference" : undefined}
      data-testid="branch-turn"
      data-turn={turn.turn}
      data-match={turn.match}
      data-position={turn.position ?? undefined}
      data-first-difference={firstDifference ? "true" : undefined}
    >
      <details open={!same}>
        <summary>
          <strong>{t("turn", { turn: turn.turn })}</strong>{" "}
          <span className={`branch-badge branch-badge-${turn.match}`}>{t(`match.${turn.match}`)}</span>
          {turn.position ? <span className="muted"> · {t(`position.${turn.position}`)}</span> : null}
          {firstDifference ? (
            <span className="branch-first" data-testid="branch-first-difference">
              {t("firstDifference")}
            </span>
          ) : null}
          {same ? <span className="muted"> · {t("blocks", { count: turn.blocks.length })}</span> : null}
        </summary>
        <div className="branch-pairs">
          {turn.blocks.map((pair, index) => (
            <BlockPair key={index} pair={pair} />
          ))}
        </div>
      </details>
    </li>
  );
}
