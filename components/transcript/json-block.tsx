import { useTranslations } from "next-intl";
import { BlockFrame } from "./block-frame";
import { ANTHROPIC_BLOCK_NAMES, type BlockViewProps } from "./block-types";

/** The fallback for a block type without its own renderer: the block as JSON. */
export function JsonBlockView({ block, streaming }: BlockViewProps) {
  const t = useTranslations("Transcript.block");
  return (
    <BlockFrame wireType={ANTHROPIC_BLOCK_NAMES[block.type]} hint={t("other")} streaming={streaming}>
      <pre className="block-json">{JSON.stringify(block, null, 2)}</pre>
    </BlockFrame>
  );
}
