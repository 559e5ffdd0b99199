import type { Block, ToolCallBlock, ToolResultBlock } from "@/lib/protocol/unified";

/** Where one tool call and its result sit in the transcript (message numbers count from 1). */
export interface CallPairing {
  id: string;
  name: string;
  callMessage: number;
  /** `null` while the result has not arrived. */
  resultMessage: number | null;
}

/** Pairings by call id. A result whose id no tool_use in this transcript carries is absent. */
export type PairingIndex = ReadonlyMap<string, CallPairing>;

/** Indexes every tool_use and tool_result by id, so each can point at the other. */
export function buildPairing(messages: readonly { content: readonly Block[] }[]): PairingIndex {
  const index = new Map<string, CallPairing>();
  messages.forEach((message, position) => {
    for (const block of message.content) {
      if (isToolCall(block) && !index.has(block.id)) {
        index.set(block.id, {
          id: block.id,
          name: block.name,
          callMessage: position + 1,
          resultMessage: null,
        });
      }
    }
  });
  messages.forEach((message, position) => {
    for (const block of message.content) {
      const pairing = isToolResult(block) ? index.get(block.toolCallId) : undefined;
      if (pairing && pairing.resultMessage === null) pairing.resultMessage = position + 1;
    }
  });
  return index;
}

const isToolCall = (block: Block): block is ToolCallBlock => block.type === "toolCall";
const isToolResult = (block: Block): block is ToolResultBlock => block.type === "toolResult";

/** Tool ids share long prefixes (`toolu_01…`), so the short form keeps the distinctive tail. */
export function shortId(id: string): string {
  return id.length <= 8 ? id : `…${id.slice(-6)}`;
}

export const PAIR_HUES = 12;

/** A stable colour slot (0..PAIR_HUES-1) for an id: the same id always gets the same colour. */
export function pairHue(id: string): number {
  let hash = 2166136261;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) % PAIR_HUES;
}

/** Element ids for the two blocks of a pair, so either can send focus to the other. */
export const toolUseElementId = (id: string) => `tool-use-${id}`;
export const toolResultElementId = (id: string) => `tool-result-${id}`;
