"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { InlineError } from "@/components/common/query-states";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import { ModalDialog } from "./modal-dialog";
import { useManualResult } from "./use-controls";

interface ManualResultDialogProps {
  sessionId: string;
  callId: string;
  call: ToolCallBlock | null;
  onDismiss: () => void;
}

/** A `manual` tool waits at execute (`reason: "manual-result"`): the person types its result. */
export function ManualResultDialog({ sessionId, callId, call, onDismiss }: ManualResultDialogProps) {
  const t = useTranslations("Controls.manual");
  const send = useManualResult(sessionId, callId);
  const [content, setContent] = useState("");
  const [isError, setIsError] = useState(false);
  const contentId = useId();
  const busy = send.isPending || send.isSuccess;

  return (
    <ModalDialog
      title={t("title", { tool: call?.name ?? "?" })}
      onDismiss={onDismiss}
      testId="manual-result-dialog"
    >
      <p className="muted">{t("intro", { callId })}</p>
      <pre className="dialog-json">{call ? JSON.stringify(call.arguments, null, 2) : ""}</pre>
      <label htmlFor={contentId}>{t("content")}</label>
      <textarea
        id={contentId}
        data-testid="manual-content"
        rows={6}
        value={content}
        onChange={(event) => setContent(event.target.value)}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          data-testid="manual-is-error"
          checked={isError}
          onChange={(e) => setIsError(e.target.checked)}
        />
        <code>is_error</code> {t("isError")}
      </label>
      <InlineError error={send.error} />
      <div className="dialog-actions">
        <button
          type="button"
          className="primary"
          data-testid="send-manual-result"
          disabled={busy}
          onClick={() => send.mutate({ content, isError })}
        >
          {t("send")}
        </button>
        <button type="button" onClick={onDismiss}>
          {t("later")}
        </button>
      </div>
    </ModalDialog>
  );
}
