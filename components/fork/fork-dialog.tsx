import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import type { SessionDetail } from "@/lib/contract/sessions";
import { useSettings } from "@/components/settings/use-settings";
import {
  FORK_PROVIDER_CHOICES,
  FORK_PROVIDER_KEYS,
  readRealProvider,
  type ForkProviderChoice,
} from "./fork-choices";
import { buildForkRequestEdits, EMPTY_FORK_FORM, readForkInherited, type ForkForm } from "./fork-edits";
import { ForkMessagesField } from "./fork-messages-field";
import { ForkPolicyField } from "./fork-policy-field";
import { ForkRefusalMessage } from "./fork-refusal";
import { ForkSection } from "./fork-section";
import { ForkToolsField } from "./fork-tools-field";
import { isApiError } from "@/components/data/api";
import { useForkSession, useSessionSlice } from "./use-fork";

interface ForkDialogProps {
  sessionId: string;
  /** The event to fork at: a valid fork point. */
  at: number;
  onClose: () => void;
}

const selectDetail = (data: SessionDetail) => data;

/**
 * The modal that forks the session at `at`. The child inherits the configuration and the
 * transcript as of `at`; here they can be edited: the system prompt, the provider (the offline
 * model on one of three wires), the tools (a definition's JSON, a removal, or the Tools pane's
 * drafts), the policy (JSON) and any message block (texts, tool results). Only what changed is
 * sent. On success the child opens; on refusal the dialog keeps every field and shows why —
 * the field the server names, or the pairing doctor's findings — and nothing was created.
 */
export function ForkDialog({ sessionId, at, onClose }: ForkDialogProps) {
  const t = useTranslations("Fork");
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = { title: useId(), system: useId(), provider: useId() };
  const detail = useSessionSlice(sessionId, selectDetail).data;
  const inherited = useMemo(
    () => (detail ? readForkInherited(detail.events, at, detail.session) : null),
    [detail, at],
  );
  const fork = useForkSession(sessionId);
  const settings = useSettings().data;
  const [form, setForm] = useState<ForkForm>(EMPTY_FORK_FORM);
  const built = useMemo(
    () => (inherited ? buildForkRequestEdits(inherited, form, settings) : null),
    [inherited, form, settings],
  );
  const runnable = (choice: ForkProviderChoice) => {
    const real = readRealProvider(choice);
    return real === null || settings?.providers[real].runnable === true;
  };
  const problems = built && !built.ok ? built.problems : null;
  const edit = (change: Partial<ForkForm>) => setForm((current) => ({ ...current, ...change }));
  const refusedPath =
    isApiError(fork.error) && fork.error.path?.startsWith("/edits/policy") ? fork.error.path : null;
  const messageEdits = [...form.messages.values()].filter((e) => Object.keys(e).length > 0).length;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!built?.ok) return;
    const { edits } = built;
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
          rows={5}
          value={form.system ?? inherited?.system ?? ""}
          spellCheck={false}
          disabled={fork.isPending}
          data-testid="fork-system"
          onChange={(event) => edit({ system: event.target.value })}
        />
        <label htmlFor={ids.provider}>{t("providerLabel")}</label>
        <select
          id={ids.provider}
          value={form.provider}
          disabled={fork.isPending}
          data-testid="fork-provider"
          onChange={(event) => edit({ provider: event.target.value as ForkProviderChoice })}
        >
          {FORK_PROVIDER_CHOICES.map((choice) => (
            <option key={choice} value={choice} disabled={!runnable(choice)}>
              {runnable(choice)
                ? t(`provider.${FORK_PROVIDER_KEYS[choice]}`)
                : t("provider.unavailable", { provider: t(`provider.${FORK_PROVIDER_KEYS[choice]}`) })}
            </option>
          ))}
        </select>
        {inherited ? (
          <>
            <ForkSection
              title={t("sections.tools", { count: inherited.tools.length })}
              badge={form.tools.size > 0 ? t("sections.edited", { count: form.tools.size }) : undefined}
              testId="fork-section-tools"
            >
              <ForkToolsField
                sessionId={sessionId}
                tools={inherited.tools}
                edits={form.tools}
                onEdits={(tools) => edit({ tools })}
                problems={problems?.tools ?? []}
                disabled={fork.isPending}
              />
            </ForkSection>
            <ForkSection
              title={t("sections.policy")}
              badge={form.policy !== null ? t("sections.edited", { count: 1 }) : undefined}
              testId="fork-section-policy"
            >
              <ForkPolicyField
                policy={inherited.policy}
                text={form.policy}
                onText={(policy) => edit({ policy })}
                problem={problems?.policy ?? null}
                refusedPath={refusedPath}
                disabled={fork.isPending}
              />
            </ForkSection>
            <ForkSection
              title={t("sections.messages", { count: inherited.messages.length })}
              badge={messageEdits > 0 ? t("sections.edited", { count: messageEdits }) : undefined}
              testId="fork-section-messages"
            >
              <ForkMessagesField
                messages={inherited.messages}
                edits={form.messages}
                onEdits={(messages) => edit({ messages })}
                disabled={fork.isPending}
              />
            </ForkSection>
          </>
        ) : null}
        {problems ? (
          <p className="inline-error" role="status" data-testid="fork-form-problems">
            {t("fixFirst")}
          </p>
        ) : null}
        <ForkRefusalMessage error={fork.error} />
        <div className="fork-actions">
          <button
            type="submit"
            className="primary"
            data-testid="fork-submit"
            disabled={fork.isPending || problems !== null || inherited === null}
          >
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
