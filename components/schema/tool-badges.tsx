import { useTranslations } from "next-intl";
import type { ToolDefinition, ToolMeta } from "@/lib/trace/config";

const FLAGS: readonly Exclude<keyof ToolMeta, "timeoutMs">[] = [
  "readOnly",
  "destructive",
  "idempotent",
  "concurrencySafe",
  "needsApproval",
];

/** Where an MCP tool comes from (`source: { mcp, tool }`, docs/api.md "MCP tool sources"), or null. */
function readMcpSource(tool: ToolDefinition): { mcp: string; tool: string } | null {
  const source = (tool as { source?: { mcp?: unknown; tool?: unknown } }).source;
  return typeof source?.mcp === "string" && typeof source.tool === "string"
    ? { mcp: source.mcp, tool: source.tool }
    : null;
}

/** A tool's metadata as badges (docs/architecture.md's flags and timeout), its kind and its mock. */
export function ToolBadges({ tool }: { tool: ToolDefinition }) {
  const t = useTranslations("Tools.badge");
  const meta = tool.meta ?? {};
  const source = readMcpSource(tool);
  return (
    <span className="tool-badges">
      {source ? (
        <span
          className="tool-badge"
          data-badge="mcp"
          title={t("mcpHint", { server: source.mcp, tool: source.tool })}
        >
          {t("mcp", { server: source.mcp })}
        </span>
      ) : (
        <span className="tool-badge" data-badge={tool.builtin ? "builtin" : "custom"}>
          {tool.builtin ? t("builtin") : t("custom")}
        </span>
      )}
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
