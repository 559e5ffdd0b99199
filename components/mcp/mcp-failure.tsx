import { useTranslations } from "next-intl";
import { InlineError } from "@/components/common/query-states";
import { isApiError } from "@/components/data/api";
import { readFailureStderr } from "./use-mcp";

/**
 * A failed MCP request: a `502` says the server could not start or connect, in the server's own
 * words, with its stderr below; anything else is shown as the API's error.
 */
export function McpFailure({ error, testId = "mcp-failure" }: { error: unknown; testId?: string }) {
  const t = useTranslations("Mcp");
  if (!error) return null;
  if (!isApiError(error, 502)) return <InlineError error={error} />;
  const stderr = readFailureStderr(error);
  return (
    <div className="notice notice-error mcp-failure" role="alert" data-testid={testId}>
      <p>
        <strong>{t("failed")}</strong> {error.message}
      </p>
      {stderr ? (
        <>
          <h4>{t("stderr")}</h4>
          <pre className="mcp-stderr" data-testid="mcp-failure-stderr">
            {stderr}
          </pre>
        </>
      ) : (
        <p className="muted">{t("noStderr")}</p>
      )}
    </div>
  );
}
