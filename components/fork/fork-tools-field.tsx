import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { getBrowserStorage, listDraftTargets, readDraft } from "@/components/schema/draft-storage";
import { formatToolDraft } from "@/components/schema/tool-drafts";
import type { ToolDefinition } from "@/lib/trace/config";
import type { ToolEdit, ToolEditProblem } from "./fork-config-edits";

interface ForkToolsFieldProps {
  sessionId: string;
  tools: readonly ToolDefinition[];
  edits: ReadonlyMap<string, ToolEdit>;
  onEdits: (edits: ReadonlyMap<string, ToolEdit>) => void;
  problems: readonly ToolEditProblem[];
  disabled: boolean;
}

/** The Tools pane's drafts of the inherited custom tools, by tool name. */
function readToolDrafts(sessionId: string, tools: readonly ToolDefinition[]): Map<string, string> {
  const storage = getBrowserStorage();
  const custom = new Set(tools.filter((tool) => tool.builtin === undefined).map((tool) => tool.name));
  const drafts = new Map<string, string>();
  for (const target of listDraftTargets(storage, sessionId)) {
    if (target === null || !custom.has(target)) continue;
    const text = readDraft(storage, sessionId, target);
    if (text !== null) drafts.set(target, text);
  }
  return drafts;
}

/**
 * The child's tools: pick one, edit its JSON definition (custom tools; built-ins are read-only)
 * or remove it; or take every unsaved draft from the Tools pane at once. Problems with a text
 * are listed by tool, as the editor words them.
 */
export function ForkToolsField({
  sessionId,
  tools,
  edits,
  onEdits,
  problems,
  disabled,
}: ForkToolsFieldProps) {
  const t = useTranslations("Fork.tools");
  const tProblem = useTranslations("Tools.editor.problem");
  const ids = { select: useId(), text: useId() };
  const [selected, setSelected] = useState(tools[0]?.name ?? "");
  const [drafts] = useState(() => readToolDrafts(sessionId, tools));
  const tool = tools.find((candidate) => candidate.name === selected);
  const edit = tool ? edits.get(tool.name) : undefined;
  const builtin = tool?.builtin !== undefined;

  const update = (name: string, change: ToolEdit) => {
    const next = new Map(edits);
    const merged = { ...next.get(name), ...change };
    if (merged.text === undefined && !merged.removed) next.delete(name);
    else next.set(name, merged);
    onEdits(next);
  };
  const applyDrafts = () => {
    const next = new Map(edits);
    for (const [name, text] of drafts) next.set(name, { ...next.get(name), text });
    onEdits(next);
  };

  if (tools.length === 0) return <p className="muted">{t("none")}</p>;
  return (
    <div className="fork-tools" data-testid="fork-tools">
      <div className="fork-row">
        <label htmlFor={ids.select}>{t("pick")}</label>
        <select
          id={ids.select}
          value={selected}
          disabled={disabled}
          data-testid="fork-tool-select"
          onChange={(event) => setSelected(event.target.value)}
        >
          {tools.map((candidate) => {
            const state = edits.get(candidate.name);
            const mark = state?.removed ? t("markRemoved") : state?.text !== undefined ? t("markEdited") : "";
            return (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name}
                {candidate.builtin !== undefined ? ` ${t("markBuiltin")}` : ""}
                {mark ? ` ${mark}` : ""}
              </option>
            );
          })}
        </select>
        <button
          type="button"
          data-testid="fork-tools-drafts"
          disabled={disabled || drafts.size === 0}
          onClick={applyDrafts}
        >
          {t("useDrafts", { count: drafts.size })}
        </button>
      </div>
      {tool ? (
        <>
          <label htmlFor={ids.text}>
            {builtin ? t("builtinLabel", { name: tool.name }) : t("label", { name: tool.name })}
          </label>
          <textarea
            id={ids.text}
            rows={10}
            spellCheck={false}
            readOnly={builtin}
            disabled={disabled || edit?.removed}
            data-testid="fork-tool-text"
            data-tool-name={tool.name}
            value={edit?.text ?? formatToolDraft(tool)}
            onChange={(event) => update(tool.name, { text: event.target.value })}
          />
          <div className="fork-row">
            <label>
              <input
                type="checkbox"
                data-testid="fork-tool-remove"
                checked={edit?.removed ?? false}
                disabled={disabled}
                onChange={(event) => update(tool.name, { removed: event.target.checked || undefined })}
              />{" "}
              {t("remove")}
            </label>
            {edit ? (
              <button
                type="button"
                data-testid="fork-tool-reset"
                disabled={disabled}
                onClick={() => update(tool.name, { text: undefined, removed: undefined })}
              >
                {t("reset")}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      {problems.length > 0 ? (
        <ul className="inline-error" role="alert" data-testid="fork-tools-problems">
          {problems.map((problem) => (
            <li key={problem.tool}>
              <code>{problem.tool}</code>:{" "}
              {problem.reason === "duplicate"
                ? t("duplicate", { name: problem.name })
                : problem.reason === "json"
                  ? tProblem("json", { detail: problem.detail })
                  : tProblem(problem.reason)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
