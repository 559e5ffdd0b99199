"use client";

import { useTranslations } from "next-intl";
import { createContext, useContext } from "react";

/** What the debugger does when a call's "MCP messages" is pressed: its wire, filtered to the call. */
export const McpLinkContext = createContext<((callId: string) => void) | null>(null);

/**
 * "MCP messages" beside an MCP tool's call in the transcript (`mcp__<server>__<tool>`): shows the
 * call's JSON-RPC messages in the MCP pane. Outside the debugger (no provider) it is not shown.
 */
export function TranscriptMcpLink({ callId, toolName }: { callId: string; toolName: string }) {
  const t = useTranslations("Mcp.link");
  const show = useContext(McpLinkContext);
  if (!show || !toolName.startsWith("mcp__")) return null;
  return (
    <button
      type="button"
      className="replay-button"
      data-testid="transcript-mcp-messages"
      data-call-id={callId}
      title={t("messagesHint")}
      onClick={() => show(callId)}
    >
      {t("messages")}
    </button>
  );
}
