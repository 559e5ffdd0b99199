"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { InlineError } from "@/components/common/query-states";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import type { ToolDefinition } from "@/lib/trace/config";
import { EditArguments } from "./edit-arguments";
import { ModalDialog } from "./modal-dialog";
import { ToolMetadata } from "./tool-metadata";
import { useDecideCall, validateArguments } from "./use-controls";
import { ValidationResult } from "./validation-result";

interface ApprovalDialogProps {
  sessionId: string;
  callId: string;
  /** The call as the transcript has it; `null` if it is not there (yet). */
  call: ToolCallBlock | null;
  /** The session's definition of the tool; `null` for a name it does not know. */
  tool: ToolDefinition | null;
  onDismiss: () => void;
}

/**
 * A call waits for a person (`run.paused`, reason `approval`): the tool, its metadata, the
 * arguments and whether they pass the tool's schema, then approve, deny (with a reason) or edit.
 * The dialog closes when the run resumes — the log, not this dialog, says it was decided.
 */
export function ApprovalDialog({ sessionId, callId, call, tool, onDismiss }: ApprovalDialogProps) {
  const t = useTranslations("Controls.approval");
  const decide = useDecideCall(sessionId, callId);
  const [reason, setReason] = useState("");
  const [editing, setEditing] = useState(false);
  const reasonId = useId();
  const args = call?.arguments ?? null;
  const schema = tool?.input_schema ?? null;
  const validation = useQuery({
    queryKey: ["validate", callId, JSON.stringify(schema), JSON.stringify(args)],
    queryFn: () => validateArguments(schema, args),
    enabled: schema !== null && call !== null,
    staleTime: Infinity,
  });
  const busy = decide.isPending || decide.isSuccess;

  return (
    <ModalDialog
      title={t("title", { tool: call?.name ?? tool?.name ?? "?" })}
      onDismiss={onDismiss}
      testId="approval-dialog"
    >
      <p className="muted">{t("intro", { callId })}</p>
      <ToolMetadata tool={tool} name={call?.name ?? null} />
      <h3>{t("arguments")}</h3>
      <pre className="dialog-json" data-testid="approval-arguments">
        {call
          ? call.arguments === null
            ? call.rawArguments
            : JSON.stringify(call.arguments, null, 2)
          : t("noCall")}
      </pre>
      {validation.data ? <ValidationResult result={validation.data} testId="approval-validation" /> : null}
      {validation.isPending && validation.fetchStatus === "fetching" ? (
        <p className="muted">{t("checking")}</p>
      ) : null}
      <InlineError error={validation.error} />
      <div className="dialog-actions">
        <button
          type="button"
          className="primary"
          data-testid="approve"
          disabled={busy}
          onClick={() => decide.mutate({ decision: "approve" })}
        >
          {t("approve")}
        </button>
        <button
          type="button"
          data-testid="edit"
          aria-expanded={editing}
          disabled={busy}
          onClick={() => setEditing(!editing)}
        >
          {t("edit")}
        </button>
      </div>
      {editing ? (
        <EditArguments
          initial={args ?? {}}
          schema={schema ?? {}}
          sending={busy}
          onSend={(value) => decide.mutate({ decision: "edit", arguments: value })}
        />
      ) : null}
      <div className="deny-row">
        <label htmlFor={reasonId}>{t("reason")}</label>
        <input
          id={reasonId}
          data-testid="deny-reason"
          value={reason}
          placeholder={t("reasonPlaceholder")}
          onChange={(event) => setReason(event.target.value)}
        />
        <button
          type="button"
          className="danger"
          data-testid="deny"
          disabled={busy}
          onClick={() =>
            decide.mutate({ decision: "deny", ...(reason.trim() ? { reason: reason.trim() } : {}) })
          }
        >
          {t("deny")}
        </button>
      </div>
      <InlineError error={decide.error} />
      <p className="dialog-footer muted">
        <button type="button" data-testid="dismiss-dialog" onClick={onDismiss}>
          {t("later")}
        </button>{" "}
        {t("escapeHint")}
      </p>
    </ModalDialog>
  );
}
