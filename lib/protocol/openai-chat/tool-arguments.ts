/**
 * Tool call arguments of the OpenAI formats: both stream them as a JSON string. The parsers are
 * the Anthropic layer's, shared as is (the partial one takes raw strings by index, whatever the
 * index means; the final one reads an `arguments` string as it reads a `tool_use` input's JSON).
 *
 * @see https://platform.openai.com/docs/guides/function-calling#streaming
 * @see https://platform.openai.com/docs/guides/function-calling#handling-function-calls
 */
export {
  parsePartialArguments,
  parseToolArguments,
  snapshotToolArguments,
} from "@/lib/protocol/anthropic/tool-arguments";
