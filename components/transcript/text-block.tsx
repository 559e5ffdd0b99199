import { useTranslations } from "next-intl";
import type { TextBlock } from "@/lib/protocol/unified";
import { BlockFrame } from "./block-frame";
import type { BlockViewProps } from "./block-types";

/** A `text` block: the text, whitespace kept. */
export function TextBlockView({ block, streaming }: BlockViewProps<TextBlock>) {
  const t = useTranslations("Transcript.block");
  return (
    <BlockFrame wireType="text" hint={t("text")} streaming={streaming}>
      <p className="block-text" data-testid="block-text">
        {block.text}
      </p>
    </BlockFrame>
  );
}
