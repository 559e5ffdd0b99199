import { useTranslations } from "next-intl";
import { assertNever } from "@/lib/protocol/unified";
import type { TurnBlock } from "@/lib/trace/compare-turns";

/** Arguments on one line: compact JSON, or the raw text when it never parsed. */
function formatArguments(value: unknown, raw: string): string {
  return value === null ? raw : JSON.stringify(value);
}

/**
 * One block of a compared turn, compactly: who said it, then the text, the tool call as
 * `name(arguments)`, or the result's content with its error flag. Long texts are clamped by CSS;
 * the whole text stays in the DOM (and in the tooltip).
 */
export function BlockLine({ item }: { item: TurnBlock }) {
  const t = useTranslations("Branch.block");
  const { role, block } = item;
  let body;
  switch (block.type) {
    case "text":
      body = (
        <p className="branch-text" title={block.text}>
          {block.text}
        </p>
      );
      break;
    case "thinking":
      body = <p className="branch-text muted">{t("thinking", { text: block.thinking })}</p>;
      break;
    case "redacted_thinking":
      body = <p className="branch-text muted">{t("redactedThinking")}</p>;
      break;
    case "toolCall":
      body = (
        <code className="branch-call" data-testid="branch-call">
          {block.name}({formatArguments(block.arguments, block.rawArguments)})
        </code>
      );
      break;
    case "toolResult":
      body = (
        <span className="branch-result" data-testid="branch-result" data-is-error={String(block.isError)}>
          <span className={block.isError ? "flag-error" : "flag-ok"}>
            {block.isError ? t("resultError") : t("resultOk")}
          </span>
          {block.errorKind ? <code className="error-kind">{block.errorKind}</code> : null}
          <code className="branch-result-content" title={block.content}>
            {block.content}
          </code>
        </span>
      );
      break;
    case "unknown":
      body = <code className="branch-call">{JSON.stringify(block.raw)}</code>;
      break;
    default:
      return assertNever(block, "block type");
  }
  return (
    <div className={`branch-block branch-role-${role}`} data-type={block.type} data-role={role}>
      <span className="branch-role">
        {t("label", { role: t(`role.${role}`), kind: t(`kind.${block.type}`) })}
      </span>
      {body}
    </div>
  );
}
