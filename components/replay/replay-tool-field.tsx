import { useTranslations } from "next-intl";
import { useId } from "react";
import type { ReplayDraft, ReplayToolChoice } from "./replay-tool";

interface ReplayToolFieldProps {
  toolName: string;
  draft: ReplayDraft;
  choice: ReplayToolChoice;
  onChoice: (choice: ReplayToolChoice) => void;
  disabled: boolean;
}

/**
 * Which definition the replay validates and runs the call with: the session's current one, or
 * the unsaved draft of the same tool from the Tools pane (offered only when it is a definition;
 * otherwise the field says why not).
 */
export function ReplayToolField({ toolName, draft, choice, onChoice, disabled }: ReplayToolFieldProps) {
  const t = useTranslations("Replay.tool");
  const tProblem = useTranslations("Tools.editor.problem");
  const name = useId();
  return (
    <fieldset className="replay-tool" data-testid="replay-tool" data-draft={draft.kind}>
      <legend>{t("legend")}</legend>
      <label>
        <input
          type="radio"
          name={name}
          value="current"
          data-testid="replay-tool-current"
          checked={choice === "current"}
          disabled={disabled}
          onChange={() => onChoice("current")}
        />{" "}
        {t("current")}
      </label>
      <label>
        <input
          type="radio"
          name={name}
          value="draft"
          data-testid="replay-tool-draft"
          checked={choice === "draft"}
          disabled={disabled || draft.kind !== "ready"}
          onChange={() => onChoice("draft")}
        />{" "}
        {t("draft")}
      </label>
      {draft.kind === "none" ? <p className="muted">{t("noDraft", { tool: toolName })}</p> : null}
      {draft.kind === "invalid" ? (
        <p className="warning" data-testid="replay-draft-invalid">
          {t("invalidDraft", {
            tool: toolName,
            reason:
              draft.reason === "json" ? tProblem("json", { detail: draft.detail }) : tProblem(draft.reason),
          })}
        </p>
      ) : null}
      {draft.kind === "ready" && choice === "draft" ? (
        <details className="replay-draft">
          <summary>{t("showDraft")}</summary>
          <pre className="dialog-json" data-testid="replay-draft-text" tabIndex={0}>
            {draft.text}
          </pre>
        </details>
      ) : null}
    </fieldset>
  );
}
