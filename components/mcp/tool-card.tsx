import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Diagnostic } from "@/components/schema/group-diagnostics";
import { LintList } from "@/components/schema/lint-list";
import type { InspectedTool } from "@/lib/contract/mcp";
import { CallToolDialog } from "./call-tool-dialog";
import { DerivedMeta } from "./derived-meta";

interface ToolCardProps {
  tool: InspectedTool;
  /** The server's name as a session would know it: the tool is `mcp__<server>__<name>` there. */
  serverName: string;
  /** Calls the tool directly with the arguments given (an Inspector-style call, no model, no pipeline). */
  onCall?: (args: unknown) => Promise<unknown>;
}

/** One tool of an inspected server: its names, description, hints and derived metadata, lint, and schemas. */
export function ToolCard({ tool, serverName, onCall }: ToolCardProps) {
  const t = useTranslations("Mcp.tool");
  const [calling, setCalling] = useState(false);
  const annotated = tool.annotations as { title?: unknown } | undefined;
  const title = tool.title ?? (typeof annotated?.title === "string" ? annotated.title : null);
  const errors = tool.lint.filter((d) => d.severity === "error").length;
  return (
    <article
      className="mcp-tool card"
      data-testid="mcp-tool"
      data-tool={tool.name}
      aria-labelledby={`tool-${tool.name}`}
    >
      <header className="mcp-tool-header">
        <h3 id={`tool-${tool.name}`}>
          <code>{tool.name}</code>
        </h3>
        {title ? <span className="muted">{title}</span> : null}
        <code className="muted mcp-tool-session-name">{`mcp__${serverName}__${tool.name}`}</code>
        {errors > 0 ? (
          <span className="mcp-lint-count" data-testid="mcp-tool-errors">
            {t("lintErrors", { count: errors })}
          </span>
        ) : null}
        {onCall ? (
          <button
            type="button"
            data-testid="mcp-tool-call"
            aria-haspopup="dialog"
            onClick={() => setCalling(true)}
          >
            {t("call")}
          </button>
        ) : null}
      </header>
      {tool.description ? <p className="mcp-tool-description">{tool.description}</p> : null}
      <DerivedMeta annotations={tool.annotations} meta={tool.meta} />
      <LintList diagnostics={tool.lint as readonly Diagnostic[]} pending={false} stale={false} error={null} />
      <details className="mcp-schema">
        <summary>{t("inputSchema")}</summary>
        <pre data-testid="mcp-input-schema">{JSON.stringify(tool.inputSchema, null, 2)}</pre>
      </details>
      {tool.outputSchema ? (
        <details className="mcp-schema">
          <summary>{t("outputSchema")}</summary>
          <pre data-testid="mcp-output-schema">{JSON.stringify(tool.outputSchema, null, 2)}</pre>
        </details>
      ) : (
        <p className="muted">{t("noOutputSchema")}</p>
      )}
      {calling && onCall ? (
        <CallToolDialog tool={tool} onCall={onCall} onClose={() => setCalling(false)} />
      ) : null}
    </article>
  );
}
