import { useTranslations } from "next-intl";
import { isApiError } from "@/components/data/api";
import { LockedScreen } from "./locked-screen";

export function LoadingState() {
  const t = useTranslations("Common");
  return (
    <p className="loading" role="status" data-testid="loading">
      {t("loading")}
    </p>
  );
}

/**
 * A failed request: 401 shows the locked screen; anything else shows the server's own `error`
 * text (or says the server is unreachable) with a retry button when one is given.
 */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useTranslations("Common");
  if (isApiError(error, 401)) return <LockedScreen />;
  const message = isApiError(error, 0)
    ? t("networkError")
    : t("error", { message: error instanceof Error ? error.message : String(error) });
  return (
    <div className="notice notice-error" role="alert" data-testid="error">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          {t("retry")}
        </button>
      ) : null}
    </div>
  );
}

/** A mutation's failure, inline next to the control that caused it. */
export function InlineError({ error }: { error: unknown }) {
  const t = useTranslations("Common");
  if (!error) return null;
  const message = isApiError(error, 0)
    ? t("networkError")
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <p className="inline-error" role="alert">
      {message}
    </p>
  );
}
