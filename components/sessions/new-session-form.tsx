"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { InlineError } from "@/components/common/query-states";
import { useCreateSession } from "./use-sessions";

/** Creates a session (with an optional title) and opens it. */
export function NewSessionForm() {
  const t = useTranslations("NewSession");
  const router = useRouter();
  const create = useCreateSession();
  const [title, setTitle] = useState("");
  const inputId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(title.trim(), {
      onSuccess: ({ id }) => router.push(`/sessions/${encodeURIComponent(id)}`),
    });
  }

  return (
    <form className="new-session" onSubmit={submit} aria-label={t("heading")}>
      <label htmlFor={inputId}>{t("titleLabel")}</label>
      <div className="new-session-row">
        <input
          id={inputId}
          type="text"
          value={title}
          maxLength={200}
          placeholder={t("titlePlaceholder")}
          onChange={(event) => setTitle(event.target.value)}
        />
        <button type="submit" className="primary" data-testid="new-session" disabled={create.isPending}>
          {create.isPending ? t("creating") : t("create")}
        </button>
      </div>
      <InlineError error={create.error} />
    </form>
  );
}
