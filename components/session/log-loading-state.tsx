"use client";

import { useTranslations } from "next-intl";
import type { LoadProgress } from "@/components/data/load-session";

/** A long log on its way: how many of its events have arrived, as text and as a bar. */
export function LogLoadingState({ loaded, total }: LoadProgress) {
  const t = useTranslations("Session");
  const label = t("loadingLog", { loaded, total });
  return (
    <div className="loading log-loading" role="status" data-testid="loading">
      <p>{label}</p>
      <progress value={loaded} max={total} aria-label={label} data-testid="log-progress" />
    </div>
  );
}
