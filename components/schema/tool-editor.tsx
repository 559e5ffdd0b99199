"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { isApiError } from "@/components/data/api";
import type { ToolDefinition } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { buildLintMarkers } from "./lint-markers";
import { LintList } from "./lint-list";
import { collectRecordedCalls } from "./recorded-calls";
import { RevalidationList } from "./revalidation-list";
import { buildToolModelPath } from "./tool-definition-schema";
import { buildToolsPatch, formatToolDraft, parseToolDraft, type ToolsChange } from "./tool-drafts";
import { useRevalidation } from "./use-revalidation";
import { useSaveTools } from "./use-save-tools";
import { useToolDraft } from "./use-tool-draft";
import { useToolLint } from "./use-tool-lint";

/** Monaco (~1.3 MB gzip) loads only when a definition is opened, and only in the browser. */
const MonacoJsonEditor = dynamic(() => import("./monaco-json-editor").then((m) => m.MonacoJsonEditor), {
  ssr: false,
  loading: () => <div className="tool-editor-loading" />,
});

export interface ToolEditorProps {
  sessionId: string;
  /** The saved tool being edited, or `null` for a new one (then `template` is where it starts). */
  tool: ToolDefinition | null;
  template: string;
  tools: readonly ToolDefinition[];
  events: readonly TraceEvent[];
  /** Why saving is not possible now (a live run), if it is not. */
  lockedReason: string | null;
  onSaved: (name: string) => void;
  onRemoved: () => void;
  onDraftsChanged: () => void;
}

/** One definition in Monaco, with its lint findings and its recorded calls validated again. */
export function ToolEditor(props: ToolEditorProps) {
  const { sessionId, tool, tools, events, lockedReason } = props;
  const t = useTranslations("Tools.editor");
  const readOnly = tool?.builtin !== undefined;
  const target = tool?.name ?? null;
  const pristine = useMemo(() => (tool ? formatToolDraft(tool) : props.template), [tool, props.template]);
  const draft = useToolDraft({ sessionId, target, pristine, onDraftsChanged: props.onDraftsChanged });
  const parsed = useMemo(() => parseToolDraft(draft.text), [draft.text]);
  const lint = useToolLint(parsed.ok ? parsed.tool : null);
  const markers = useMemo(
    () => buildLintMarkers(draft.text, lint.data?.diagnostics ?? []),
    [draft.text, lint.data],
  );
  const callsOf = target ?? (parsed.ok ? parsed.tool.name : "");
  const calls = useMemo(() => collectRecordedCalls(events, callsOf), [events, callsOf]);
  const revalidation = useRevalidation(parsed.ok ? parsed.tool.input_schema : null, calls);
  const save = useSaveTools(sessionId);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);

  const apply = (change: ToolsChange, done: () => void) => {
    const patch = buildToolsPatch(tools, change);
    if (!patch.ok) return setProblem(t(`refused.${patch.reason}`));
    setProblem(null);
    save.mutate(patch.tools, {
      onSuccess: done,
      onError: (error) =>
        setProblem(
          isApiError(error, 409)
            ? t("refused.live")
            : t("refused.server", {
                message: error.message,
                path: isApiError(error) ? (error.path ?? "") : "",
              }),
        ),
    });
  };
  const onSave = () => {
    if (!parsed.ok) return;
    apply({ kind: "upsert", originalName: target, tool: parsed.tool }, () => {
      draft.forget();
      props.onSaved(parsed.tool.name);
    });
  };
  const onRemove = () => {
    if (!tool) return props.onRemoved();
    apply({ kind: "remove", name: tool.name }, () => {
      draft.forget();
      props.onRemoved();
    });
  };

  return (
    <div
      className="tool-editor"
      data-testid="tool-editor"
      data-tool-name={target ?? ""}
      data-dirty={draft.dirty}
    >
      <p className="muted">
        {readOnly ? t("readOnly") : tool ? t("editing", { name: tool.name }) : t("adding")}
      </p>
      <div className="tool-editor-monaco">
        <MonacoJsonEditor
          path={buildToolModelPath(sessionId, target)}
          value={draft.text}
          onChange={draft.edit}
          readOnly={readOnly}
          markers={markers}
          ariaLabel={t("ariaLabel")}
          loadingLabel={t("loading")}
        />
      </div>
      {parsed.ok ? null : (
        <p className="warning" role="status" data-testid="draft-error" data-reason={parsed.reason}>
          {parsed.reason === "json"
            ? t("problem.json", { detail: parsed.detail })
            : t(`problem.${parsed.reason}`)}
        </p>
      )}
      {readOnly ? null : (
        <div className="tool-editor-actions">
          <button
            type="button"
            data-testid="tool-save"
            disabled={
              !parsed.ok || lockedReason !== null || save.isPending || (tool !== null && !draft.dirty)
            }
            onClick={onSave}
          >
            {save.isPending ? t("saving") : t("save")}
          </button>
          {draft.dirty && tool ? (
            <button type="button" data-testid="tool-discard" onClick={draft.forget}>
              {t("discard")}
            </button>
          ) : null}
          {confirmRemove ? (
            <button type="button" className="danger" data-testid="tool-remove-confirm" onClick={onRemove}>
              {tool ? t("removeConfirm") : t("discardNewConfirm")}
            </button>
          ) : (
            <button type="button" data-testid="tool-remove" onClick={() => setConfirmRemove(true)}>
              {tool ? t("remove") : t("discardNew")}
            </button>
          )}
        </div>
      )}
      {lockedReason && !readOnly ? <p className="muted">{lockedReason}</p> : null}
      {problem ? (
        <p className="warning" role="alert" data-testid="save-error">
          {problem}
        </p>
      ) : null}
      <LintList
        diagnostics={lint.data?.diagnostics ?? null}
        pending={lint.isFetching}
        stale={!parsed.ok}
        error={lint.error ? lint.error.message : null}
      />
      <RevalidationList
        toolName={callsOf}
        calls={calls}
        verdicts={revalidation.verdicts}
        pending={revalidation.pending}
        error={revalidation.error ? revalidation.error.message : null}
      />
    </div>
  );
}
