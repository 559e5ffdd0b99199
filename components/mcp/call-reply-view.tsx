import { useTranslations } from "next-intl";
import type { McpCallReply } from "@/lib/contract/mcp";

function isCallReply(value: unknown): value is McpCallReply {
  return typeof value === "object" && value !== null && "normalized" in value && "result" in value;
}

const methodOf = (message: Record<string, unknown>) =>
  typeof message.method === "string" ? message.method : "error" in message ? "error" : "result";

/**
 * A direct call's answer: what a session's model would be given (the normalized content, an
 * error or not, `structuredContent` against `outputSchema`), then the JSON-RPC messages of the
 * call and the server's raw result.
 */
export function CallReplyView({ reply }: { reply: unknown }) {
  const t = useTranslations("Mcp.reply");
  if (!isCallReply(reply)) {
    return (
      <pre className="mcp-call-result" data-testid="mcp-call-result">
        {JSON.stringify(reply, null, 2)}
      </pre>
    );
  }
  const { normalized } = reply;
  return (
    <div className="mcp-call-reply" data-testid="mcp-call-result" data-is-error={normalized.isError}>
      <h4>
        {normalized.isError ? t("isError") : t("ok")}{" "}
        <span className="muted">{t("ms", { ms: Math.round(reply.ms) })}</span>
      </h4>
      <pre className="mcp-call-result">{normalized.content}</pre>
      {normalized.structured ? (
        <p className={normalized.structured.valid ? "muted" : "warning"} data-testid="mcp-call-structured">
          {normalized.structured.valid ? t("structuredValid") : t("structuredInvalid")}{" "}
          {normalized.structured.message}
        </p>
      ) : null}
      <details>
        <summary>{t("messages", { count: reply.messages.length })}</summary>
        <ol className="mcp-call-messages">
          {reply.messages.map((item, index) => (
            <li key={index}>
              <details>
                <summary>
                  <code>{item.direction === "out" ? "→" : "←"}</code> <code>{methodOf(item.message)}</code>
                </summary>
                <pre className="mcp-wire-json">{JSON.stringify(item.message, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ol>
      </details>
      <details>
        <summary>{t("raw")}</summary>
        <pre className="mcp-call-result">{JSON.stringify(reply.result, null, 2)}</pre>
      </details>
    </div>
  );
}
