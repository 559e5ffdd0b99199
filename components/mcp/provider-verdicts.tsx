import { useTranslations } from "next-intl";
import type { InspectedTool } from "@/lib/contract/mcp";
import { summarizeProviders } from "./provider-summary";

/** "Will this server's tools work with my provider?": one line per provider, with the tools it refuses. */
export function ProviderVerdicts({ tools }: { tools: readonly InspectedTool[] }) {
  const t = useTranslations("Mcp.providers");
  const summaries = summarizeProviders(tools);
  return (
    <section className="mcp-verdicts" aria-labelledby="mcp-verdicts-heading" data-testid="mcp-verdicts">
      <h2 id="mcp-verdicts-heading">{t("heading")}</h2>
      <ul>
        {summaries.map((summary) => (
          <li
            key={summary.provider}
            className={`mcp-verdict mcp-verdict-${summary.verdict}`}
            data-testid="mcp-verdict"
            data-provider={summary.provider}
            data-verdict={summary.verdict}
          >
            <span className="mcp-verdict-name">{t(`name.${summary.provider}`)}</span>
            <span className="mcp-verdict-text">
              {summary.verdict === "ok"
                ? t("ok", { count: summary.total })
                : summary.verdict === "warnings"
                  ? t("warnings", { count: summary.warned.length, total: summary.total })
                  : t("errors", { count: summary.refused.length, total: summary.total })}
            </span>
            {summary.refused.length > 0 ? (
              <span className="mcp-verdict-tools">
                {t("refused")}{" "}
                {summary.refused.map((name) => (
                  <code key={name}>{name}</code>
                ))}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
