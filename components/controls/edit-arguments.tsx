"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { InlineError } from "@/components/common/query-states";
import { tryParseJson } from "@/lib/protocol/json-value";
import { validateArguments, type ValidationReply } from "./use-controls";
import { ValidationResult } from "./validation-result";

interface EditArgumentsProps {
  initial: unknown;
  schema: unknown;
  /** Sends the edited arguments as the decision. */
  onSend: (value: unknown) => void;
  sending: boolean;
}

/**
 * The arguments as editable JSON. Invalid JSON keeps the text and shows the parser's error; valid
 * JSON is validated against the tool's schema on the server before it is sent, and arguments that
 * fail can still be sent on purpose (the pipeline validates them again and says why).
 */
export function EditArguments({ initial, schema, onSend, sending }: EditArgumentsProps) {
  const t = useTranslations("Controls.approval");
  const id = useId();
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  const [parseError, setParseError] = useState<string | null>(null);
  const [verdict, setVerdict] = useState<{ text: string; result: ValidationReply } | null>(null);
  const [checking, setChecking] = useState(false);
  const [requestError, setRequestError] = useState<unknown>(null);
  const invalidChecked = verdict !== null && verdict.text === text && !verdict.result.valid;

  async function submit(force: boolean) {
    const parsed = tryParseJson(text);
    if (!parsed.ok) {
      setParseError(parsed.error);
      return;
    }
    setParseError(null);
    if (force && invalidChecked) return onSend(parsed.value);
    setChecking(true);
    setRequestError(null);
    try {
      const result = await validateArguments(schema, parsed.value);
      setVerdict({ text, result });
      if (result.valid) onSend(parsed.value);
    } catch (error) {
      setRequestError(error);
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="edit-arguments">
      <label htmlFor={id}>{t("editLabel")}</label>
      <textarea
        id={id}
        data-testid="edit-arguments"
        rows={8}
        spellCheck={false}
        value={text}
        aria-invalid={parseError !== null}
        onChange={(event) => setText(event.target.value)}
      />
      {parseError ? (
        <p className="inline-error" role="alert" data-testid="edit-json-error">
          {t("jsonError", { message: parseError })}
        </p>
      ) : null}
      {verdict && verdict.text === text ? (
        <ValidationResult result={verdict.result} testId="edit-validation" />
      ) : null}
      <InlineError error={requestError} />
      <div className="dialog-actions">
        <button
          type="button"
          className="primary"
          data-testid="send-edit"
          disabled={checking || sending}
          onClick={() => void submit(false)}
        >
          {checking ? t("checking") : t("validateAndSend")}
        </button>
        {invalidChecked ? (
          <button
            type="button"
            data-testid="send-edit-anyway"
            disabled={sending}
            onClick={() => void submit(true)}
          >
            {t("sendAnyway")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
