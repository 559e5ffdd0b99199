import { useTranslations } from "next-intl";
import type { ToolDefinition, ToolMeta } from "@/lib/trace/config";

const FLAGS: readonly (keyof ToolMeta)[] = [
  "readOnly",
  "destructive",
  "idempotent",
  "concurrencySafe",
  "needsApproval",
];

/** A tool's name, description and metadata (docs/architecture.md's flags, its timeout and its mock). */
export function ToolMetadata({ tool, name }: { tool: ToolDefinition | null; name: string | null }) {
  const t = useTranslations("Controls.tool");
  if (!tool) return <p className="warning">{t("unknown", { name: name ?? "?" })}</p>;
  const meta = tool.meta ?? {};
  return (
    <dl className="tool-metadata" data-testid="tool-metadata">
      <div>
        <dt>{t("name")}</dt>
        <dd>
          <code>{tool.name}</code>
        </dd>
      </div>
      {tool.description ? (
        <div>
          <dt>{t("description")}</dt>
          <dd>{tool.description}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t("meta")}</dt>
        <dd className="meta-flags">
          {FLAGS.filter((flag) => meta[flag] === true).map((flag) => (
            <span key={flag} className="meta-flag" data-flag={flag}>
              {flag}
            </span>
          ))}
          {meta.timeoutMs !== undefined ? (
            <span className="meta-flag">timeoutMs: {meta.timeoutMs}</span>
          ) : null}
          {tool.mock ? <span className="meta-flag">mock: {tool.mock.kind}</span> : null}
          {tool.builtin ? <span className="meta-flag">builtin</span> : null}
        </dd>
      </div>
    </dl>
  );
}
