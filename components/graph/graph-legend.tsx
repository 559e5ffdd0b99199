"use client";

import { useTranslations } from "next-intl";
import { GRAPH_NODE_STATUSES } from "@/lib/trace/graph/types";

/**
 * What each node colour means, plus the error branch and the batch bracket: a disclosure in the
 * graph's bar, so opened it pushes the canvas down instead of covering it.
 */
export function GraphLegend({ open = false }: { open?: boolean }) {
  const t = useTranslations("Graph");
  return (
    <details className="graph-legend" aria-label={t("legend")} data-testid="graph-legend" open={open}>
      <summary>{t("legend")}</summary>
      <ul>
        {GRAPH_NODE_STATUSES.map((status) => (
          <li key={status} title={t(`statusHint.${status}`)}>
            <span className={`graph-swatch graph-status-${status}`} aria-hidden="true" />
            {t(`status.${status}`)}
          </li>
        ))}
        <li title={t("legendBranchHint")}>
          <span className="graph-swatch-line graph-swatch-branch" aria-hidden="true" />
          {t("legendBranch")}
        </li>
        <li title={t("legendGroupHint")}>
          <span className="graph-swatch-group" aria-hidden="true" />
          {t("legendGroup")}
        </li>
      </ul>
    </details>
  );
}
