import { useTranslations } from "next-intl";

/** Whether the log holds a JSON-RPC message of this call (an MCP tool's call that reached its server). */
export function hasMcpMessages(events: readonly { kind: string }[], callId: string): boolean {
  return events.some(
    (event) => event.kind === "mcp.message" && (event as { callId?: unknown }).callId === callId,
  );
}

/** "MCP messages" on a call (its graph node): opens the MCP pane's wire filtered to the call. */
export function McpMessagesLink({ callId, onShow }: { callId: string; onShow: (callId: string) => void }) {
  const t = useTranslations("Mcp.link");
  return (
    <p className="node-detail-mcp">
      <button
        type="button"
        className="nodrag nopan"
        data-testid="node-mcp-messages"
        data-call-id={callId}
        title={t("messagesHint")}
        onClick={() => onShow(callId)}
      >
        {t("messages")}
      </button>
    </p>
  );
}
