import { useTranslations } from "next-intl";
import type { ToolResultBlock } from "@/lib/protocol/unified";
import { BlockField, BlockFrame } from "./block-frame";
import type { BlockViewProps } from "./block-types";
import { usePairHighlight } from "./highlight";
import { IdChip, PairLink } from "./pair-link";
import { pairHue, toolResultElementId, toolUseElementId } from "./pairing";

/** A `tool_result` block: which tool_use it answers, its content, whether it is an error and why. */
export function ToolResultBlockView({ block, pairing, streaming }: BlockViewProps<ToolResultBlock>) {
  const t = useTranslations("Transcript");
  const { active, handlers } = usePairHighlight(block.toolCallId);
  const call = pairing.get(block.toolCallId);

  return (
    <BlockFrame
      wireType="tool_result"
      hint={t("block.tool_result")}
      streaming={streaming}
      elementId={toolResultElementId(block.toolCallId)}
      data={{ "data-tool-use-id": block.toolCallId, "data-is-error": String(block.isError) }}
      pair={{ hue: pairHue(block.toolCallId), active, handlers }}
      aside={
        <PairLink
          id={block.toolCallId}
          label={call ? t("forToolUse", { name: call.name, number: call.callMessage }) : t("orphan")}
          targetElementId={call ? toolUseElementId(block.toolCallId) : null}
          targetMessage={call?.callMessage ?? null}
        />
      }
    >
      <dl className="block-fields">
        <BlockField name="tool_use_id" hint={t("field.toolUseId")}>
          <code>{block.toolCallId}</code> <IdChip id={block.toolCallId} />
        </BlockField>
        <BlockField name="is_error" hint={t("field.isError")}>
          <code className={block.isError ? "flag-error" : "flag-ok"} data-testid="tool-is-error">
            {String(block.isError)}
          </code>
          {block.errorKind ? (
            <>
              {" "}
              <code className="error-kind" title={t("field.errorKind")} data-testid="tool-error-kind">
                {block.errorKind}
              </code>
            </>
          ) : null}
        </BlockField>
        {block.hint ? (
          <BlockField name="hint" hint={t("field.hint")}>
            <span className="error-hint" data-testid="tool-error-hint">
              {block.hint}
            </span>
          </BlockField>
        ) : null}
        <BlockField name="content" hint={t("field.content")}>
          <pre className="block-content" data-testid="tool-result-content" tabIndex={0}>
            {block.content}
          </pre>
        </BlockField>
      </dl>
    </BlockFrame>
  );
}
