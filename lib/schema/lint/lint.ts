import { splitPointer } from "@/lib/schema/pointer";
import { LINT_RULES } from "./rules";
import { collectSchemaNodes } from "./schema-walk";
import {
  LINT_PROVIDERS,
  type LintContext,
  type LintDiagnostic,
  type LintableTool,
  type LintProvider,
  type LintRule,
} from "./types";

/** Options for {@link lintToolDefinition}. */
export interface LintOptions {
  /** The providers to lint for; default all three. Rules every provider shares run regardless. */
  readonly providers?: readonly LintProvider[];
}

/**
 * Lints one tool definition for the chosen providers (docs/api.md's `POST /api/schema/lint`): every
 * rule of {@link LINT_RULES} that applies, sorted by path (segment by segment, array indices
 * numerically), then rule, then provider, then message. A rule specific to some providers is
 * reported once per chosen provider it applies to, with `provider`. Pure, deterministic, and
 * never throws, whatever JSON the definition holds (a rule that fails is skipped).
 */
export function lintToolDefinition(tool: LintableTool, options: LintOptions = {}): LintDiagnostic[] {
  const chosen = new Set(options.providers ?? LINT_PROVIDERS);
  const context: LintContext = {
    tool,
    schema: tool.input_schema,
    nodes: collectSchemaNodes(tool.input_schema),
  };
  const diagnostics: LintDiagnostic[] = [];
  for (const rule of LINT_RULES) {
    const providers = selectProviders(rule, chosen);
    if (providers.length === 0) continue;
    let findings;
    try {
      findings = rule.check(context);
    } catch {
      continue; // a bug in one rule must not cost the others
    }
    for (const provider of providers) {
      for (const { path, message } of findings) {
        const base = { rule: rule.id, severity: rule.severity, path, message };
        diagnostics.push(provider === null ? base : { ...base, provider });
      }
    }
  }
  return diagnostics.sort(compareDiagnostics);
}

/** `[null]` for a shared rule; else the chosen providers it applies to, in {@link LINT_PROVIDERS} order. */
function selectProviders(rule: LintRule, chosen: ReadonlySet<LintProvider>): (LintProvider | null)[] {
  if (rule.providers === "all") return [null];
  const applies = rule.providers;
  return LINT_PROVIDERS.filter((provider) => applies.includes(provider) && chosen.has(provider));
}

function compareDiagnostics(a: LintDiagnostic, b: LintDiagnostic): number {
  return (
    comparePointers(a.path, b.path) ||
    compareText(a.rule, b.rule) ||
    rankProvider(a.provider) - rankProvider(b.provider) ||
    compareText(a.message, b.message)
  );
}

function rankProvider(provider: LintProvider | undefined): number {
  return provider === undefined ? -1 : LINT_PROVIDERS.indexOf(provider);
}

/** Segment by segment; two array indices compare as numbers; a parent comes before its children. */
export function comparePointers(a: string, b: string): number {
  const left = splitPointer(a);
  const right = splitPointer(b);
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const x = left[i] as string;
    const y = right[i] as string;
    if (x === y) continue;
    if (/^\d+$/.test(x) && /^\d+$/.test(y)) return Number(x) - Number(y) || compareText(x, y);
    return compareText(x, y);
  }
  return left.length - right.length;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
