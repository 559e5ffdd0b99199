import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { InlineError } from "@/components/common/query-states";
import type { SessionStatus } from "@/lib/trace/status";
import { useSendMessage } from "./use-session";

/** Why sending is not possible in a status, as a catalog key; `null` when it is. */
const BUSY_REASON = {
  running: "busyRunning",
  paused: "busyPaused",
} as const satisfies Partial<Record<SessionStatus, string>>;

/**
 * The user's message box. Enter sends, Shift+Enter starts a new line (and Enter while an IME is
 * composing, e.g. typing Chinese, only confirms the composition). Disabled while a run is live.
 */
export function MessageBox({ sessionId, status }: { sessionId: string; status: SessionStatus }) {
  const t = useTranslations("Composer");
  const send = useSendMessage(sessionId);
  const [text, setText] = useState("");
  const inputId = useId();
  const helpId = useId();
  const busy = status === "running" || status === "paused" ? BUSY_REASON[status] : null;
  const canSend = !busy && !send.isPending && text.trim().length > 0;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    send.mutate(text, { onSuccess: () => setText("") });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form className="message-box" onSubmit={submit}>
      <label htmlFor={inputId}>{t("label")}</label>
      <textarea
        id={inputId}
        data-testid="message-input"
        rows={2}
        value={text}
        placeholder={t("placeholder")}
        aria-describedby={helpId}
        disabled={busy !== null}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="message-box-footer">
        <p id={helpId} className="muted" data-testid="composer-hint">
          {busy ? t(busy) : t("help")}
        </p>
        <button type="submit" className="primary" data-testid="send" disabled={!canSend}>
          {send.isPending ? t("sending") : t("send")}
        </button>
      </div>
      <InlineError error={send.error} />
    </form>
  );
}
