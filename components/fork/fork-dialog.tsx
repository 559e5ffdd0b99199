import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { projectSessionConfig } from "@/lib/trace/session-config";
import {
  buildForkEdits,
  FORK_PROVIDER_CHOICES,
  FORK_PROVIDER_KEYS,
  type ForkProviderChoice,
} from "./fork-choices";
import { useForkSession, useSessionSlice } from "./use-fork";

interface ForkDialogProps {
  sessionId: string;
  /** The event to fork at: a valid fork point. */
  at: number;
  onClose: () => void;
}

/**
 * The modal that forks the session at `at`: the system prompt the child inherits (editable),
 * the provider (unchanged, or the offline model on one of three wires); on success it opens the
 * child, on refusal it shows the server's message and keeps the fields.
 */
export function ForkDialog({ sessionId, at, onClose }: ForkDialogProps) {
  const t = useTranslations("Fork");
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = { title: useId(), system: useId(), provider: useId() };
  const inherited = useSessionSlice(
    sessionId,
    (data) => projectSessionConfig(data.events, at)?.system ?? data.session.system,
  ).data;
  const fork = useForkSession(sessionId);
  const [system, setSystem] = useState<string | null>(null);
  const [provider, setProvider] = useState<ForkProviderChoice>("unchanged");

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const base = inherited ?? "";
    const edits = buildForkEdits(base, system ?? base, provider);
    fork.mutate(
      { at, ...(Object.keys(edits).length > 0 ? { edits } : {}) },
      { onSuccess: ({ id }) => router.push(`/sessions/${encodeURIComponent(id)}`) },
    );
  }

  return (
    <dialog
      ref={dialog}
      className="fork-dialog"
      aria-labelledby={ids.title}
      onClose={onClose}
      data-testid="fork-dialog"
    >
      <h2 id={ids.title}>{t("title", { seq: at })}</h2>
      <form onSubmit={submit} aria-busy={fork.isPending}>
        <p className="muted">{t("intro")}</p>
        <label htmlFor={ids.system}>{t("systemLabel")}</label>
        <textarea
          id={ids.system}
          rows={6}
          value={system ?? inherited ?? ""}
          spellCheck={false}
          disabled={fork.isPending}
          data-testid="fork-system"
          onChange={(event) => setSystem(event.target.value)}
        />
        <label htmlFor={ids.provider}>{t("providerLabel")}</label>
        <select
          id={ids.provider}
          value={provider}
          disabled={fork.isPending}
          data-testid="fork-provider"
          onChange={(event) => setProvider(event.target.value as ForkProviderChoice)}
        >
          {FORK_PROVIDER_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`provider.${FORK_PROVIDER_KEYS[choice]}`)}
            </option>
          ))}
        </select>
        {fork.error ? (
          <p className="inline-error" role="alert" data-testid="fork-error">
            {t("failed", { message: fork.error.message })}
          </p>
        ) : null}
        <div className="fork-actions">
          <button type="submit" className="primary" data-testid="fork-submit" disabled={fork.isPending}>
            {fork.isPending ? t("forking") : t("submit")}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            {t("cancel")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
