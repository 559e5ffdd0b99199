import type { InspectedTool } from "@/lib/contract/mcp";
import type { LintProvider } from "@/lib/schema/lint/types";

/** The providers lint answers for, in the order the summary lists them. */
const PROVIDERS: readonly LintProvider[] = ["anthropic", "openai", "openai-strict"];

/** How a server's tools fare with one provider: `errors` — refused; `warnings` — accepted, worse; `ok` — clean. */
export type ProviderVerdict = "errors" | "warnings" | "ok";

export interface ProviderSummary {
  provider: LintProvider;
  verdict: ProviderVerdict;
  /** Tools with at least one error for this provider, in server order. */
  refused: string[];
  /** Tools with warnings (and no error) for this provider. */
  warned: string[];
  /** How many tools the server lists. */
  total: number;
}

/**
 * "Will this server's tools work with my provider?": one line per lint provider. A shared finding
 * (no `provider`) counts for every provider; a provider's own finding only for that one.
 */
export function summarizeProviders(
  tools: readonly Pick<InspectedTool, "name" | "lint">[],
): ProviderSummary[] {
  return PROVIDERS.map((provider) => {
    const refused: string[] = [];
    const warned: string[] = [];
    for (const tool of tools) {
      const mine = tool.lint.filter((d) => d.provider === undefined || d.provider === provider);
      if (mine.some((d) => d.severity === "error")) refused.push(tool.name);
      else if (mine.some((d) => d.severity === "warning")) warned.push(tool.name);
    }
    const verdict: ProviderVerdict = refused.length > 0 ? "errors" : warned.length > 0 ? "warnings" : "ok";
    return { provider, verdict, refused, warned, total: tools.length };
  });
}
