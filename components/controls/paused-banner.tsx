"use client";

import { useTranslations } from "next-intl";
import type { PausedPoint } from "./paused-point";

interface PausedBannerProps {
  paused: PausedPoint;
  /** The paused call's tool name, when the pause names a call. */
  toolName: string | null;
  /** Reopens the approval or manual-result dialog after it was dismissed. */
  onReview?: () => void;
}

/** Where the run stopped, in words: "Paused before execute of read_file (call toolu_…)". */
export function PausedBanner({ paused, toolName, onReview }: PausedBannerProps) {
  const t = useTranslations("Controls.paused");
  const values = { tool: toolName ?? "?", callId: paused.callId ?? "?" };
  let text: string;
  if (paused.reason === "approval") text = t("approval", values);
  else if (paused.reason === "manual-result") text = t("manualResult", values);
  else if (paused.point !== null && paused.callId !== null) text = t(`call.${paused.point}`, values);
  else text = t(`point.${paused.point ?? "unknown"}`);

  return (
    <div
      className={`paused-banner paused-${paused.reason}`}
      role="status"
      data-testid="paused-banner"
      data-reason={paused.reason}
      data-point={paused.point ?? undefined}
      data-call-id={paused.callId ?? undefined}
    >
      <span className="paused-icon" aria-hidden="true" />
      <span>{text}</span>
      {onReview && paused.reason !== "breakpoint" ? (
        <button type="button" data-testid="paused-review" onClick={onReview}>
          {t("review")}
        </button>
      ) : null}
    </div>
  );
}
