import type { ComponentType } from "react";
import type { Block } from "@/lib/protocol/unified";
import type { BlockViewProps } from "./block-types";
import { JsonBlockView } from "./json-block";
import { TextBlockView } from "./text-block";
import { ToolResultBlockView } from "./tool-result-block";
import { ToolUseBlockView } from "./tool-use-block";

type BlockOfType<T extends Block["type"]> = Extract<Block, { type: T }>;
type BlockRenderers = { [T in Block["type"]]?: ComponentType<BlockViewProps<BlockOfType<T>>> };

/**
 * A renderer per block type; a type without one (thinking, redacted_thinking, unknown) is drawn
 * by the JSON fallback. New renderers register here, never as another branch in a component.
 */
const RENDERERS: BlockRenderers = {
  text: TextBlockView,
  toolCall: ToolUseBlockView,
  toolResult: ToolResultBlockView,
};

/** Draws one content block with the renderer registered for its type. */
export function BlockView(props: BlockViewProps) {
  const Renderer = RENDERERS[props.block.type] as ComponentType<BlockViewProps> | undefined;
  return Renderer ? <Renderer {...props} /> : <JsonBlockView {...props} />;
}
