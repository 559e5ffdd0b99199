/**
 * Tool call arguments of the OpenAI formats: both stream them as a JSON string. The partial
 * parser for the stream scrubber is the Anthropic layer's, shared as is (it takes raw strings by
 * index, whatever the index means).
 *
 * @see https://platform.openai.com/docs/guides/function-calling#streaming
 */
export { parsePartialArguments, snapshotToolArguments } from "@/lib/protocol/anthropic/tool-arguments";

/**
 * A tool call's `arguments` string parsed, for the unified `toolCall.arguments`: `null` when it
 * does not parse; empty (or blank) text is `{}`, as the Anthropic layer reads an input that
 * streamed no JSON.
 *
 * @see https://platform.openai.com/docs/guides/function-calling#handling-function-calls
 */
export function parseToolArguments(raw: string): unknown {
  if (raw.trim() === "") return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
