/**
 * Block-level steps of Anthropic stream assembly: a delta applied to one content block, and the
 * tool input parsed when its block stops. Each step returns new objects; nothing is mutated.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/streaming#content-block-delta-types
 */
import type { AnthropicContentBlock, AnthropicDelta } from "./types";

export type DeltaOutcome =
  | { kind: "block"; block: AnthropicContentBlock }
  | { kind: "json"; partialJson: string }
  | { kind: "ignored"; note: string };

/** The block types whose `input` is streamed as `input_json_delta`s, as the SDK's beta stream knows them. */
const TOOL_INPUT_BLOCKS: readonly string[] = ["tool_use", "server_tool_use", "mcp_tool_use"];

/** Blocks whose `input` is streamed as `input_json_delta`s (`tool_use`, `server_tool_use`, `mcp_tool_use`). */
export function tracksToolInput(block: AnthropicContentBlock): boolean {
  return TOOL_INPUT_BLOCKS.includes(block.type);
}

function mismatch(delta: AnthropicDelta, block: AnthropicContentBlock, index: number): DeltaOutcome {
  return { kind: "ignored", note: `block ${index}: ${delta.type} on a ${block.type} block was ignored` };
}

/**
 * Applies one delta to the block at `index`. Text and thinking deltas append; `signature_delta`
 * sets the signature; `citations_delta` appends a citation; `compaction_delta` sets the compaction block's content; `input_json_delta` appends to the
 * block's raw JSON (`previousJson`), parsed only when the block stops. A delta that does not fit
 * its block, or of an unknown type, is ignored with a note, as the SDK ignores it.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/streaming#input-json-delta
 */
export function applyBlockDelta(
  block: AnthropicContentBlock,
  delta: AnthropicDelta,
  context: { index: number; previousJson: string | undefined },
): DeltaOutcome {
  switch (delta.type) {
    case "text_delta":
      if (block.type !== "text") return mismatch(delta, block, context.index);
      return { kind: "block", block: { ...block, text: String(block.text ?? "") + delta.text } };
    case "thinking_delta":
      if (block.type !== "thinking") return mismatch(delta, block, context.index);
      return { kind: "block", block: { ...block, thinking: String(block.thinking ?? "") + delta.thinking } };
    case "signature_delta":
      if (block.type !== "thinking") return mismatch(delta, block, context.index);
      return { kind: "block", block: { ...block, signature: delta.signature } };
    case "citations_delta": {
      if (block.type !== "text") return mismatch(delta, block, context.index);
      const citations = Array.isArray(block.citations) ? block.citations : [];
      return { kind: "block", block: { ...block, citations: [...citations, delta.citation] } };
    }
    case "compaction_delta": {
      if (block.type !== "compaction") return mismatch(delta, block, context.index);
      // The delta carries the block's final value, so it is assigned, not appended.
      const next: AnthropicContentBlock = { ...block, content: delta.content };
      if ("encrypted_content" in delta) next.encrypted_content = delta.encrypted_content;
      return { kind: "block", block: next };
    }
    case "input_json_delta":
      if (!tracksToolInput(block)) return mismatch(delta, block, context.index);
      return { kind: "json", partialJson: (context.previousJson ?? "") + delta.partial_json };
    default: {
      const raw: { type: string } = delta;
      return {
        kind: "ignored",
        note: `block ${context.index}: ignored a delta of unknown type ${JSON.stringify(raw.type)}`,
      };
    }
  }
}

export type StopOutcome = { block: AnthropicContentBlock; note?: string };

/**
 * Finishes a block at `content_block_stop`: a tool block's joined JSON becomes its `input` (an
 * empty text gives `{}`). JSON that does not parse leaves `input` as it started and adds a note;
 * the raw text stays in `partialJson` for the caller to show.
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/fine-grained-tool-streaming
 */
export function finishBlock(
  block: AnthropicContentBlock,
  rawJson: string | undefined,
  index: number,
): StopOutcome {
  if (rawJson === undefined || !tracksToolInput(block)) return { block };
  if (rawJson.trim() === "") return { block: { ...block, input: {} } };
  try {
    return { block: { ...block, input: JSON.parse(rawJson) as unknown } };
  } catch {
    return { block, note: `block ${index}: the streamed tool input is not valid JSON; its raw text is kept` };
  }
}
