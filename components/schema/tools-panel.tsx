"use client";

import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import type { ToolDefinition } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import type { SessionStatus } from "@/lib/trace/status";
import { getBrowserStorage, listDraftTargets, readDraft, writeDraft } from "./draft-storage";
import { ToolBadges } from "./tool-badges";
import { createToolTemplate } from "./tool-drafts";
import { ToolEditor } from "./tool-editor";
import "./schema.css";

interface ToolsPanelProps {
  sessionId: string;
  /** The session's tools as projected from the log (`session.created`, then `session.configured`). */
  tools: readonly ToolDefinition[];
  events: readonly TraceEvent[];
  status: SessionStatus;
}

/** The tools of this session with an unsaved draft (`null`: the tool being added). */
function readDraftTargets(sessionId: string): ReadonlySet<string | null> {
  return new Set(listDraftTargets(getBrowserStorage(), sessionId));
}

type Selection = { kind: "saved"; name: string } | { kind: "new" } | null;

/**
 * The session's tools, built-in and custom, with their metadata; opening one shows its definition
 * in the editor. Built-ins are read-only; custom tools (with their mocks) can be added, edited and
 * removed. Saving sends the whole tools array (`PATCH /api/sessions/:id`).
 */
export function ToolsPanel({ sessionId, tools, events, status }: ToolsPanelProps) {
  const t = useTranslations("Tools");
  const [selection, setSelection] = useState<Selection>(null);
  const [drafts, setDrafts] = useState(() => readDraftTargets(sessionId));
  const onDraftsChanged = useCallback(() => setDrafts(readDraftTargets(sessionId)), [sessionId]);
  const namesKey = tools.map((tool) => tool.name).join("\u0000");
  const template = useMemo(() => createToolTemplate(namesKey.split("\u0000")), [namesKey]);
  const lockedReason = status === "running" || status === "paused" ? t("locked") : null;
  const selected =
    selection?.kind === "saved" ? (tools.find((tool) => tool.name === selection.name) ?? null) : null;
  const editing =
    selection?.kind === "new"
      ? { key: "new", tool: null }
      : selected
        ? { key: `saved:${selected.name}`, tool: selected }
        : null;

  const addTool = () => {
    const storage = getBrowserStorage();
    if (readDraft(storage, sessionId, null) === null)
      writeDraft(storage, { sessionId, target: null, text: template });
    onDraftsChanged();
    setSelection({ kind: "new" });
  };

  return (
    <div className="tools-panel" data-testid="tools-panel">
      <div className="tools-panel-bar">
        <span className="muted">{t("count", { count: tools.length })}</span>
        <button type="button" data-testid="tool-add" onClick={addTool}>
          {drafts.has(null) ? t("resumeNew") : t("add")}
        </button>
      </div>
      <ul className="tool-rows" aria-label={t("heading")}>
        {tools.map((tool) => (
          <li key={tool.name}>
            <button
              type="button"
              className="tool-row"
              data-testid="tool-row"
              data-tool-name={tool.name}
              data-builtin={tool.builtin !== undefined}
              data-draft={drafts.has(tool.name)}
              aria-pressed={selection?.kind === "saved" && selection.name === tool.name}
              onClick={() => setSelection({ kind: "saved", name: tool.name })}
            >
              <code className="tool-row-name">{tool.name}</code>
              {drafts.has(tool.name) ? <span className="tool-row-draft">{t("draft")}</span> : null}
              <ToolBadges tool={tool} />
            </button>
          </li>
        ))}
      </ul>
      {editing ? (
        // Keyed by what is edited, so switching tools starts a fresh editor.
        <ToolEditor
          key={`${sessionId}:${editing.key}`}
          sessionId={sessionId}
          tool={editing.tool}
          template={template}
          tools={tools}
          events={events}
          lockedReason={lockedReason}
          onSaved={(name) => setSelection({ kind: "saved", name })}
          onRemoved={() => setSelection(null)}
          onDraftsChanged={onDraftsChanged}
        />
      ) : null}
      {selection?.kind === "saved" && !selected ? <p className="muted">{t("waitingForSave")}</p> : null}
      {selection === null ? <p className="muted">{t("pick")}</p> : null}
    </div>
  );
}
