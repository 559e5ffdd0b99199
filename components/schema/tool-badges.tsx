import { useTranslations } from "next-intl";
import type { ToolDefinition, ToolMeta } from "@/lib/trace/config";

const FLAGS: readonly Exclude<keyof ToolMeta, "timeoutMs">[] = [
  "readOnly",
  "destructive",
  "idempotent",
  "concurrencySafe",
  "needsApproval",
];

/** A tool's metadata as badges (docs/architecture.md's flags and timeout), its kind and its mock. */
export function ToolBadges({ tool }: { tool: ToolDefinition }) {
  const t = useTranslations("Tools.badge");
  const meta = tool.meta ?? {};
  return (
    <span className="tool-badges">
      <span className="tool-badge" data-badge={tool.builtin ? "builtin" : "custom"}>
        {tool.builtin ? t("builtin") : t("custom")}
      </span>
      {FLAGS.filter((flag) => meta[flag] === true).map((flag) => (
        <span key={flag} className="tool-badge" data-badge={flag} title={t(`hint.${flag}`)}>
          {flag}
        </span>
      ))}
      {meta.timeoutMs !== undefined ? (
        <span className="tool-badge" data-badge="timeoutMs">
          {t("timeout", { ms: meta.timeoutMs })}
        </span>
      ) : null}
      {tool.mock ? (
        <span className="tool-badge" data-badge="mock" data-mock={tool.mock.kind}>
          {t(`mock.${tool.mock.kind}`)}
        </span>
      ) : null}
    </span>
  );
}
