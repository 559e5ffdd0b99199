import { useTranslations } from "next-intl";
import {
  compareToolLists,
  type ComparedConfigField,
  type ConfigFieldComparison,
} from "@/lib/trace/compare-config";
import type { ToolDefinition } from "@/lib/trace/config";

/** A configuration value on one line or a few: the prompt as written, tools by name, the rest as JSON. */
function formatValue(field: ComparedConfigField, value: unknown): string {
  if (value === undefined) return "—";
  if (field === "system") return String(value);
  if (field === "tools") return (value as ToolDefinition[]).map((tool) => tool.name).join(", ");
  return JSON.stringify(value);
}

/** Which tools differ and how: on one side only, or which fields of their definition changed. */
function ToolDifferences({ left, right }: { left: unknown; right: unknown }) {
  const t = useTranslations("Branch.config");
  const differences = compareToolLists(
    (left as ToolDefinition[] | undefined) ?? [],
    (right as ToolDefinition[] | undefined) ?? [],
  );
  return (
    <ul className="branch-tool-differences">
      {differences.map((difference) => (
        <li key={difference.name} data-testid="branch-tool-difference" data-change={difference.change}>
          <code>{difference.name}</code>{" "}
          {difference.change === "changed"
            ? t("toolChanged", { fields: difference.fields.join(", ") })
            : t(difference.change === "left-only" ? "toolLeftOnly" : "toolRightOnly")}
        </li>
      ))}
    </ul>
  );
}

/**
 * What differs between the two sessions' configurations (system prompt, tools, policy,
 * provider), each side's value beside the other; for tools, which ones and how. Or one line
 * saying nothing does.
 */
export function ConfigDifferences({ fields }: { fields: readonly ConfigFieldComparison[] }) {
  const t = useTranslations("Branch.config");
  const differing = fields.filter((field) => field.differs);
  if (differing.length === 0)
    return (
      <p className="muted" data-testid="branch-config-same">
        {t("same")}
      </p>
    );
  return (
    <section className="branch-config" aria-label={t("heading")}>
      <h2>{t("heading")}</h2>
      <ul>
        {differing.map(({ field, left, right }) => (
          <li key={field} data-testid="branch-config" data-field={field}>
            <div className="branch-pair branch-match-changed">
              <div className="branch-cell" data-side="left">
                <span className="branch-role">{t(`field.${field}`)}</span>
                <p className="branch-text">{formatValue(field, left)}</p>
              </div>
              <div className="branch-cell" data-side="right">
                <span className="branch-role">{t(`field.${field}`)}</span>
                <p className="branch-text">{formatValue(field, right)}</p>
              </div>
            </div>
            {field === "tools" ? <ToolDifferences left={left} right={right} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
