import { useTranslations } from "next-intl";
import type { InspectReply } from "@/lib/contract/mcp";
import { ProviderVerdicts } from "./provider-verdicts";
import { ToolCard } from "./tool-card";

interface InspectResultProps {
  reply: InspectReply;
  serverName: string;
  onCall: (tool: string, args: unknown) => Promise<unknown>;
}

/** An inspected server: who it is, what it can do, whether each provider takes its tools, then every tool. */
export function InspectResult({ reply, serverName, onCall }: InspectResultProps) {
  const t = useTranslations("Mcp.result");
  return (
    <div className="mcp-result" data-testid="mcp-result">
      <section className="card mcp-server-info" aria-labelledby="mcp-server-heading">
        <h2 id="mcp-server-heading">{t("server")}</h2>
        <dl>
          <div>
            <dt>{t("name")}</dt>
            <dd data-testid="mcp-server-name">
              <code>{reply.serverInfo.name}</code> <span className="muted">{reply.serverInfo.version}</span>
            </dd>
          </div>
          <div>
            <dt>{t("protocol")}</dt>
            <dd data-testid="mcp-protocol">
              <code>{reply.protocolVersion}</code>
            </dd>
          </div>
          <div>
            <dt>{t("capabilities")}</dt>
            <dd data-testid="mcp-capabilities">
              {Object.keys(reply.capabilities ?? {}).length === 0
                ? t("noCapabilities")
                : Object.keys(reply.capabilities ?? {}).map((name) => (
                    <code key={name} className="meta-flag">
                      {name}
                    </code>
                  ))}
            </dd>
          </div>
          <div>
            <dt>{t("tools")}</dt>
            <dd data-testid="mcp-tool-count">{reply.tools.length}</dd>
          </div>
        </dl>
      </section>
      <ProviderVerdicts tools={reply.tools} />
      {reply.tools.length === 0 ? <p className="empty">{t("noTools")}</p> : null}
      <div className="mcp-tools">
        {reply.tools.map((tool) => (
          <ToolCard
            key={tool.name}
            tool={tool}
            serverName={serverName}
            onCall={(args) => onCall(tool.name, args)}
          />
        ))}
      </div>
    </div>
  );
}
