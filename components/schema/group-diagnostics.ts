import type { LintDiagnostic, LintProvider } from "@/lib/schema/lint/types";

/** A lint diagnostic as `POST /api/schema/lint` answers it (docs/api.md). */
export type Diagnostic = LintDiagnostic;

/** A group of the lint list: diagnostics every provider shares (`all`), or one provider's own. */
export type DiagnosticGroupId = "all" | LintProvider;

/** The lint list's groups, in the order they are shown. */
export const DIAGNOSTIC_GROUPS: readonly DiagnosticGroupId[] = [
  "all",
  "anthropic",
  "openai",
  "openai-strict",
];

export interface DiagnosticGroup {
  id: DiagnosticGroupId;
  diagnostics: Diagnostic[];
}

/**
 * Groups diagnostics by provider for the lint list: those without `provider` (every provider
 * shares them) under `all`, then each provider's own, in {@link DIAGNOSTIC_GROUPS} order. Within
 * a group the server's order (by path, then rule) is kept. Empty groups are left out.
 */
export function groupDiagnosticsByProvider(diagnostics: readonly Diagnostic[]): DiagnosticGroup[] {
  const byGroup = new Map<DiagnosticGroupId, Diagnostic[]>();
  for (const diagnostic of diagnostics) {
    const id: DiagnosticGroupId = diagnostic.provider ?? "all";
    const list = byGroup.get(id) ?? [];
    list.push(diagnostic);
    byGroup.set(id, list);
  }
  return DIAGNOSTIC_GROUPS.flatMap((id) => {
    const list = byGroup.get(id);
    return list ? [{ id, diagnostics: list }] : [];
  });
}

/** Counts diagnostics by severity, for the list's summary line. */
export function countBySeverity(diagnostics: readonly Diagnostic[]): Record<Diagnostic["severity"], number> {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const diagnostic of diagnostics) counts[diagnostic.severity] += 1;
  return counts;
}
