/**
 * Test-only builders for small unified transcripts. Never imported by application code.
 */
import type {
  Block,
  TextBlock,
  ToolCallBlock,
  ToolResultBlock,
  UnifiedMessage,
} from "@/lib/protocol/unified";

export function buildUser(...content: Block[]): UnifiedMessage {
  return { role: "user", content };
}

export function buildAssistant(...content: Block[]): UnifiedMessage {
  return { role: "assistant", content };
}

export function buildText(text: string): TextBlock {
  return { type: "text", text };
}

/** A `get_weather` call; `args: null` with a `raw` string is a call whose arguments did not parse. */
export function buildCall(id: string, args: unknown = { city: "Paris" }, raw?: string): ToolCallBlock {
  return {
    type: "toolCall",
    id,
    name: "get_weather",
    arguments: args,
    rawArguments: raw ?? JSON.stringify(args),
  };
}

export function buildResult(toolCallId: string, content = `result of ${toolCallId}`): ToolResultBlock {
  return { type: "toolResult", toolCallId, content, isError: false };
}
