import type { ToolResultBlock, UnifiedMessage } from "@/lib/protocol/unified";

/**
 * Tool results in the order of the calls they answer (the calls of `previous`, the assistant
 * message before them); results that answer none of them keep their own order, after the rest.
 * The OpenAI formats send each result as its own message or item, so the order shows.
 */
export function orderToolResults(
  results: readonly ToolResultBlock[],
  previous: UnifiedMessage | undefined,
): ToolResultBlock[] {
  const order = (previous?.content ?? []).flatMap((block) => (block.type === "toolCall" ? [block.id] : []));
  const rank = (result: ToolResultBlock) => {
    const index = order.indexOf(result.toolCallId);
    return index === -1 ? order.length : index;
  };
  return results
    .map((result, index) => ({ result, index }))
    .sort((a, b) => rank(a.result) - rank(b.result) || a.index - b.index)
    .map(({ result }) => result);
}
