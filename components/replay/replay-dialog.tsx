"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { ModalDialog } from "@/components/controls/modal-dialog";
import { sessionKey } from "@/components/data/query-keys";
import type { SessionDetail } from "@/lib/contract/sessions";
import { getBrowserStorage } from "@/components/schema/draft-storage";
import { tryParseJson } from "@/lib/protocol/json-value";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import { ReplayError, ReplayOutcome } from "./replay-outcome";
import { callNeedsApproval, findOriginalResult } from "./replay-source";
import { pickReplayTool, readReplayDraft, type ReplayToolChoice } from "./replay-tool";
import { ReplayToolField } from "./replay-tool-field";
import { useReplayCall, type ReplayRequest } from "./use-replay";
import { readMcpToolName } from "@/components/mcp/mcp-wire";

interface ReplayDialogProps {
  sessionId: string;
  call: ToolCallBlock;
  onClose: () => void;
}

type DecisionChoice = "" | "approve" | "deny";

/** The call's arguments as the textarea starts: pretty JSON, or the raw text that never parsed. */
function formatArguments(call: ToolCallBlock): string {
  return call.arguments === null ? call.rawArguments : JSON.stringify(call.arguments, null, 2);
}

/**
 * Replays one recorded call: its arguments as editable JSON (invalid JSON keeps the text and
 * says why), the definition to run it with (the session's, or the Tools pane's unsaved draft of
 * that tool), a decision for a call that needs approval, then the replay's stages and result
 * beside the original result with a line diff. Escape or Close hides it; nothing is undone.
 */
export function ReplayDialog({ sessionId, call, onClose }: ReplayDialogProps) {
  const t = useTranslations("Replay");
  const argumentsId = useId();
  const decisionId = useId();
  const queryClient = useQueryClient();
  const events = queryClient.getQueryData<SessionDetail>(sessionKey(sessionId))?.events;
  const original = useMemo(() => findOriginalResult(events ?? [], call.id), [events, call.id]);
  const needsApproval = useMemo(
    () => callNeedsApproval(events ?? [], call.id, call.name),
    [events, call.id, call.name],
  );
  const [text, setText] = useState(() => formatArguments(call));
  const [parseError, setParseError] = useState<string | null>(null);
  const [decision, setDecision] = useState<DecisionChoice>("");
  // Read once when the dialog opens: the Tools pane cannot change a draft behind a modal.
  const [draft] = useState(() => readReplayDraft(getBrowserStorage(), sessionId, call.name));
  const [toolChoice, setToolChoice] = useState<ReplayToolChoice>("current");
  const replay = useReplayCall(sessionId, call.id);

  function run() {
    const parsed = tryParseJson(text);
    if (!parsed.ok) {
      setParseError(parsed.error);
      // The last replay's result answered other arguments: never leave it under this error.
      replay.reset();
      return;
    }
    setParseError(null);
    const body: ReplayRequest = { arguments: parsed.value };
    const tool = pickReplayTool(toolChoice, draft);
    if (tool) body.tool = tool;
    if (decision !== "") body.decision = { decision };
    replay.mutate(body);
  }

  const mcp = readMcpToolName(call.name);
  return (
    <ModalDialog title={t("title", { tool: call.name })} onDismiss={onClose} testId="replay-dialog">
      <div className="replay-dialog" data-call-id={call.id}>
        <p className="muted">{t("intro", { callId: call.id })}</p>
        {mcp ? (
          <p className="replay-mcp-note" role="note" data-testid="replay-mcp-note">
            {t("mcpNote", { tool: mcp.tool, server: mcp.server })}
          </p>
        ) : null}
        <label htmlFor={argumentsId}>{t("arguments")}</label>
        <textarea
          id={argumentsId}
          className="replay-arguments"
          data-testid="replay-arguments"
          rows={6}
          spellCheck={false}
          value={text}
          aria-invalid={parseError !== null}
          onChange={(event) => setText(event.target.value)}
        />
        {parseError ? (
          <p className="inline-error" role="alert" data-testid="replay-json-error">
            {t("jsonError", { message: parseError })}
          </p>
        ) : null}
        <ReplayToolField
          toolName={call.name}
          draft={draft}
          choice={toolChoice}
          onChoice={setToolChoice}
          disabled={replay.isPending}
        />
        {needsApproval ? (
          <div className="replay-decision">
            <label htmlFor={decisionId}>{t("decision")}</label>{" "}
            <select
              id={decisionId}
              data-testid="replay-decision"
              value={decision}
              title={t("decisionHint")}
              onChange={(event) => setDecision(event.target.value as DecisionChoice)}
            >
              <option value="">{t("decisionNone")}</option>
              <option value="approve">{t("approve")}</option>
              <option value="deny">{t("deny")}</option>
            </select>
          </div>
        ) : null}
        <div className="dialog-actions">
          <button
            type="button"
            className="primary"
            data-testid="replay-run"
            disabled={replay.isPending}
            onClick={run}
          >
            {replay.isPending ? t("running") : t("run")}
          </button>
          <button type="button" data-testid="replay-close" onClick={onClose}>
            {t("close")}
          </button>
        </div>
        {replay.isPending ? (
          <p className="muted" role="status" data-testid="replay-progress">
            {t("progress")}
          </p>
        ) : null}
        <ReplayError error={replay.error} />
        {replay.data && !replay.isPending ? (
          <>
            <p
              className="muted"
              data-testid="replay-used-tool"
              data-tool={replay.variables?.tool ? "draft" : "current"}
            >
              {replay.variables?.tool ? t("tool.usedDraft") : t("tool.usedCurrent")}
            </p>
            <ReplayOutcome reply={replay.data} original={original} />
          </>
        ) : null}
        <p className="dialog-footer muted">{t("escapeHint")}</p>
      </div>
    </ModalDialog>
  );
}
