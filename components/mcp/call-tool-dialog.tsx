"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { ModalDialog } from "@/components/controls/modal-dialog";
import type { InspectedTool } from "@/lib/contract/mcp";
import { tryParseJson } from "@/lib/protocol/json-value";
import { buildArgumentSkeleton } from "./argument-skeleton";
import { CallReplyView } from "./call-reply-view";
import { McpFailure } from "./mcp-failure";

interface CallToolDialogProps {
  tool: InspectedTool;
  onCall: (args: unknown) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Calls one tool directly, as the MCP Inspector does: the arguments as editable JSON (started
 * from the schema's required properties; invalid JSON keeps the text and says why), then the
 * server's answer as it came back. No model, no pipeline: the session's approval does not apply.
 */
export function CallToolDialog({ tool, onCall, onClose }: CallToolDialogProps) {
  const t = useTranslations("Mcp.call");
  const argumentsId = useId();
  const [text, setText] = useState(() =>
    JSON.stringify(buildArgumentSkeleton(tool.inputSchema) ?? {}, null, 2),
  );
  const [parseError, setParseError] = useState<string | null>(null);
  const call = useMutation({ mutationFn: onCall });

  function run() {
    const parsed = tryParseJson(text);
    if (!parsed.ok) {
      setParseError(parsed.error);
      return;
    }
    setParseError(null);
    call.mutate(parsed.value);
  }

  return (
    <ModalDialog title={t("title", { tool: tool.name })} onDismiss={onClose} testId="mcp-call-dialog">
      <div className="replay-dialog mcp-call-dialog">
        <p className="muted">{t("intro")}</p>
        {tool.meta.destructive ? <p className="warning">{t("destructive")}</p> : null}
        <label htmlFor={argumentsId}>{t("arguments")}</label>
        <textarea
          id={argumentsId}
          className="replay-arguments"
          data-testid="mcp-call-arguments"
          rows={8}
          spellCheck={false}
          value={text}
          aria-invalid={parseError !== null}
          onChange={(event) => setText(event.target.value)}
        />
        {parseError ? (
          <p className="inline-error" role="alert">
            {t("jsonError", { message: parseError })}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button
            type="button"
            className="primary"
            data-testid="mcp-call-run"
            disabled={call.isPending}
            onClick={run}
          >
            {call.isPending ? t("running") : t("run")}
          </button>
          <button type="button" onClick={onClose}>
            {t("close")}
          </button>
        </div>
        {call.isPending ? (
          <p className="muted" role="status">
            {t("progress")}
          </p>
        ) : null}
        <McpFailure error={call.error} testId="mcp-call-failure" />
        {call.isSuccess ? <CallReplyView reply={call.data} /> : null}
      </div>
    </ModalDialog>
  );
}
