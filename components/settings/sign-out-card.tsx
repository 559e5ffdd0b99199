"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { requestJson } from "@/components/data/api";
import type { RevokeReply } from "@/lib/contract/auth";

/** Revokes every browser's auth cookie but this one's (`POST /api/auth/revoke`). */
export function SignOutCard() {
  const t = useTranslations("Settings");
  const revoke = useMutation({
    mutationFn: () => requestJson<RevokeReply>("/api/auth/revoke", { method: "POST", body: {} }),
  });
  return (
    <section className="settings-card" aria-labelledby="sign-out-title" data-testid="sign-out-card">
      <h2 id="sign-out-title">{t("browsersTitle")}</h2>
      <p className="muted">{t("browsersIntro")}</p>
      <button type="button" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
        {revoke.isPending ? t("signingOut") : t("signOutOthers")}
      </button>
      {revoke.isSuccess ? (
        <p role="status" data-testid="signed-out">
          {t("signedOut")}
        </p>
      ) : null}
      {revoke.isError ? <p role="alert">{t("signOutFailed", { message: revoke.error.message })}</p> : null}
    </section>
  );
}
