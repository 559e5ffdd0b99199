import type { Block } from "@/lib/protocol/unified";
import type { PairingIndex } from "./pairing";

/** What every block renderer receives. */
export interface BlockViewProps<B extends Block = Block> {
  block: B;
  pairing: PairingIndex;
  /** True inside the message still being streamed. */
  streaming: boolean;
}

/**
 * The transcript is shown in Anthropic terms for now, so each unified block type carries the
 * name Anthropic's wire gives it. A `Record` over every type: adding a block type fails to
 * compile until it is named here.
 */
export const ANTHROPIC_BLOCK_NAMES: Record<Block["type"], string> = {
  text: "text",
  thinking: "thinking",
  redacted_thinking: "redacted_thinking",
  toolCall: "tool_use",
  toolResult: "tool_result",
  unknown: "unknown",
};

/** A React key that stays put as blocks stream in: tool ids where there are some, else the position. */
export function blockKey(block: Block, index: number): string {
  if (block.type === "toolCall") return `call:${block.id}`;
  if (block.type === "toolResult") return `result:${block.toolCallId}`;
  return `${block.type}:${index}`;
}
