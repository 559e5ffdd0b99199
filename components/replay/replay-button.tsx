"use client";

import { useTranslations } from "next-intl";
import { useParams } from "next/navigation";
import { useState } from "react";
import { createPortal } from "react-dom";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import { ReplayDialog } from "./replay-dialog";
import "./replay.css";

/**
 * "Replay" on a tool_use block: opens the replay dialog for that call. The session is the page's
 * (`/sessions/:id`); outside a session page there is nothing to replay against, so no button.
 * The dialog is portalled to the body so that its focus and pointer events stay out of the block.
 */
export function ReplayButton({ call }: { call: ToolCallBlock }) {
  const t = useTranslations("Replay");
  const params = useParams<{ id?: string }>();
  const sessionId = typeof params?.id === "string" ? params.id : null;
  const [open, setOpen] = useState(false);
  if (sessionId === null) return null;

  return (
    <>
      <button
        type="button"
        className="replay-button"
        data-testid="replay-call"
        title={t("buttonHint")}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t("button")}
      </button>
      {open
        ? createPortal(
            <ReplayDialog sessionId={sessionId} call={call} onClose={() => setOpen(false)} />,
            document.body,
          )
        : null}
    </>
  );
}
