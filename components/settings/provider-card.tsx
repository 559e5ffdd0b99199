import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { InlineError } from "@/components/common/query-states";
import type { ConfigurableProvider, StoredKeyName } from "@/lib/server/keys";
import { DefaultsFields, type DefaultsDraft } from "./defaults-fields";
import { KeyField } from "./key-field";
import { useProviderReason } from "./provider-reason";
import { useSaveSettings, type KeyStatus, type ProviderStatus, type SettingsUpdate } from "./use-settings";

/** One provider kind the card configures: its heading (when the card has several), status and wording. */
export interface CardSection {
  kind: ConfigurableProvider;
  heading?: string;
  status: ProviderStatus;
  modelExample: string;
  baseUrlHint: string;
}

type Outcome = "saved" | "cleared" | null;

/**
 * One card per key: its status and input, then the default model and base URL of every
 * provider kind that uses the key, saved together with `PUT /api/settings`.
 */
export function ProviderCard({
  title,
  keyName,
  keyStatus,
  note,
  sections,
}: {
  title: string;
  keyName: StoredKeyName;
  keyStatus: KeyStatus;
  note?: string;
  sections: readonly CardSection[];
}) {
  const t = useTranslations("Settings");
  const explain = useProviderReason();
  const save = useSaveSettings();
  const keyInput = useRef<HTMLInputElement>(null);
  const [drafts, setDrafts] = useState(() => readDrafts(sections));
  const [outcome, setOutcome] = useState<Outcome>(null);

  function send(update: SettingsUpdate, done: Exclude<Outcome, null>) {
    setOutcome(null);
    save.mutate(update, {
      onSuccess: (view) => {
        if (keyInput.current) keyInput.current.value = "";
        setDrafts(
          readDrafts(sections.map((section) => ({ ...section, status: view.providers[section.kind] }))),
        );
        setOutcome(done);
      },
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const update: Record<string, Record<string, string | null>> = {};
    const key = keyInput.current?.value.trim() ?? "";
    if (key !== "") update[keyName] = { key };
    for (const { kind } of sections) {
      const draft = drafts[kind] ?? { model: "", baseURL: "" };
      update[kind] = {
        ...update[kind],
        model: draft.model.trim() || null,
        baseURL: draft.baseURL.trim() || null,
      };
    }
    send(update as SettingsUpdate, "saved");
  }

  const edited = () => {
    setOutcome(null);
    if (save.isError) save.reset();
  };

  return (
    <section
      className="settings-card"
      aria-label={t("cardLabel", { provider: title })}
      data-testid={`settings-card-${keyName}`}
    >
      <h2>{title}</h2>
      {note ? <p className="muted">{note}</p> : null}
      <form onSubmit={submit} aria-busy={save.isPending}>
        <KeyField
          status={keyStatus}
          inputRef={keyInput}
          busy={save.isPending}
          onEdit={edited}
          onClear={() => send({ [keyName]: { key: null } } as SettingsUpdate, "cleared")}
        />
        {sections.map((section) => (
          <fieldset
            key={section.kind}
            className="settings-section"
            data-testid={`settings-section-${section.kind}`}
          >
            {section.heading ? <legend>{section.heading}</legend> : null}
            <p className={section.status.runnable ? "runnable" : "warning"} data-testid="runnable">
              {section.status.runnable
                ? t("runnable")
                : t("notRunnable", { reason: explain(section.status) })}
            </p>
            <DefaultsFields
              draft={drafts[section.kind] ?? { model: "", baseURL: "" }}
              modelExample={section.modelExample}
              baseUrlHint={section.baseUrlHint}
              disabled={save.isPending}
              onChange={(draft) => {
                edited();
                setDrafts((old) => ({ ...old, [section.kind]: draft }));
              }}
            />
          </fieldset>
        ))}
        <div className="settings-actions">
          <button type="submit" className="primary" data-testid="save-settings" disabled={save.isPending}>
            {save.isPending ? t("saving") : t("save")}
          </button>
          <span role="status" className="settings-outcome" data-testid="settings-outcome">
            {outcome === "saved" ? t("saved") : outcome === "cleared" ? t("cleared") : ""}
          </span>
        </div>
        <InlineError error={save.error} />
      </form>
    </section>
  );
}

function readDrafts(
  sections: readonly Pick<CardSection, "kind" | "status">[],
): Partial<Record<ConfigurableProvider, DefaultsDraft>> {
  return Object.fromEntries(
    sections.map(({ kind, status }) => [kind, { model: status.model ?? "", baseURL: status.baseURL ?? "" }]),
  );
}
