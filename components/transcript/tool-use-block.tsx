import { useTranslations } from "next-intl";
import { TranscriptMcpLink } from "@/components/mcp/mcp-link-context";
import { ReplayButton } from "@/components/replay/replay-button";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import { BlockField, BlockFrame } from "./block-frame";
import type { BlockViewProps } from "./block-types";
import { usePairHighlight } from "./highlight";
import { IdChip, PairLink } from "./pair-link";
import { pairHue, toolResultElementId, toolUseElementId } from "./pairing";

/** A `tool_use` block: id, tool name and input, and where its tool_result is. */
export function ToolUseBlockView({ block, pairing, streaming }: BlockViewProps<ToolCallBlock>) {
  const t = useTranslations("Transcript");
  const { active, handlers } = usePairHighlight(block.id);
  const resultMessage = pairing.get(block.id)?.resultMessage ?? null;

  return (
    <BlockFrame
      wireType="tool_use"
      hint={t("block.tool_use")}
      streaming={streaming}
      elementId={streaming ? undefined : toolUseElementId(block.id)}
      data={{ "data-tool-use-id": block.id, "data-tool-name": block.name }}
      pair={{ hue: pairHue(block.id), active, handlers }}
      aside={
        <>
          <PairLink
            id={block.id}
            label={resultMessage === null ? t("resultPending") : t("resultIn", { number: resultMessage })}
            targetElementId={resultMessage === null ? null : toolResultElementId(block.id)}
            targetMessage={resultMessage}
          />
          {streaming ? null : <ReplayButton call={block} />}
          {streaming ? null : <TranscriptMcpLink callId={block.id} toolName={block.name} />}
        </>
      }
    >
      <dl className="block-fields">
        <BlockField name="id" hint={t("field.id")}>
          <code>{block.id}</code> <IdChip id={block.id} />
        </BlockField>
        <BlockField name="name" hint={t("field.name")}>
          <code>{block.name}</code>
        </BlockField>
        <BlockField name="input" hint={t("field.input")}>
          {block.arguments === null ? (
            <>
              <p className="warning">{t("unparsedInput")}</p>
              <pre className="block-json" data-testid="tool-input-raw">
                {block.rawArguments}
              </pre>
            </>
          ) : (
            <pre className="block-json" data-testid="tool-input">
              {JSON.stringify(block.arguments, null, 2)}
            </pre>
          )}
        </BlockField>
      </dl>
    </BlockFrame>
  );
}
