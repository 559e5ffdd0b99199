/**
 * The pairing doctor's vocabulary: every rule a transcript can break, how bad it is, and which
 * providers answer a request that breaks it with HTTP 400 (docs/architecture.md, "The tool pipeline").
 *
 * The error texts quoted below are the providers' own, as reported in public issue threads.
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls
 * @see https://platform.claude.com/docs/en/api/messages
 * @see https://platform.openai.com/docs/guides/function-calling
 * @see https://platform.openai.com/docs/api-reference/chat/create
 */
import type { WireFormat } from "@/lib/protocol/unified";

/** Stable rule ids: the UI, tests and exports key on these, so they never change meaning. */
export type ProblemRule =
  | "result-missing"
  | "result-not-next"
  | "result-orphan"
  | "id-duplicate"
  | "results-out-of-order"
  | "results-not-first"
  | "empty-message"
  | "alternation"
  | "first-not-user"
  | "call-unparsed-arguments";

/** `error`: a provider rejects it or a call is left unanswered. `warning`: sent as is, but worth a look. */
export type Severity = "error" | "warning";

/** One broken rule, located in the transcript. Indexes are 0-based positions in the messages checked. */
export interface Problem {
  rule: ProblemRule;
  severity: Severity;
  /** One sentence for a person: what is wrong and where. */
  message: string;
  messageIndex: number;
  blockIndex?: number;
  callId?: string;
  /** The wire formats known to reject a request with this problem; empty when none is known to. */
  rejectedBy: readonly WireFormat[];
}

interface RuleSpec {
  severity: Severity;
  rejectedBy: readonly WireFormat[];
}

/** Every rule's severity and the providers known to reject it: the one table the doctor reads. */
export const PROBLEM_RULES: Readonly<Record<ProblemRule, RuleSpec>> = {
  /**
   * Anthropic: "`tool_use` ids were found without `tool_result` blocks immediately after … Each
   * `tool_use` block must have a corresponding `tool_result` block in the next message."
   * OpenAI Chat: "An assistant message with 'tool_calls' must be followed by tool messages
   * responding to each 'tool_call_id'." Responses: "No tool output found for function call …".
   * @see https://github.com/RichardParkervffttzst2353/claude-code/issues/25
   * @see https://github.com/aliasrobotics/cai/issues/111
   * @see https://github.com/openai/codex/issues/620
   */
  "result-missing": { severity: "error", rejectedBy: ["anthropic", "openai-chat", "openai-responses"] },
  /** The same two errors: the result must be in the very next message, not any later one. */
  "result-not-next": { severity: "error", rejectedBy: ["anthropic", "openai-chat"] },
  /**
   * Anthropic: "unexpected `tool_use_id` found in `tool_result` blocks … Each `tool_result` block
   * must have a corresponding `tool_use` block in the previous message." OpenAI Chat: "messages
   * with role 'tool' must be a response to a preceding message with 'tool_calls'". Responses:
   * "No tool call found for function call output with call_id …".
   * @see https://github.com/openai/openai-agents-python/issues/1797
   * @see https://github.com/miurla/morphic/issues/136
   * @see https://github.com/continuedev/continue/issues/10092
   */
  "result-orphan": { severity: "error", rejectedBy: ["anthropic", "openai-chat", "openai-responses"] },
  /**
   * Anthropic: "messages.N.content.M: `tool_use` ids must be unique".
   * @see https://github.com/anthropics/claude-code/issues/28515
   */
  "id-duplicate": { severity: "error", rejectedBy: ["anthropic"] },
  /** Providers pair results by id; Toolscope's harness always answers in call order (docs/architecture.md). */
  "results-out-of-order": { severity: "warning", rejectedBy: [] },
  /**
   * Anthropic: "Did not find N tool_result block(s) at the beginning of this message. Messages
   * following tool_use blocks must begin with a matching number of tool_result blocks."
   * @see https://github.com/apify/tester-mcp-client/issues/12
   */
  "results-not-first": { severity: "error", rejectedBy: ["anthropic"] },
  /** Anthropic: "all messages must have non-empty content except for the optional final assistant message". */
  "empty-message": { severity: "error", rejectedBy: ["anthropic"] },
  /**
   * Anthropic combines consecutive user or assistant turns into one (the Messages API's
   * `messages` parameter); OpenAI Chat keeps them as separate messages.
   * @see https://platform.claude.com/docs/en/api/messages
   */
  alternation: { severity: "warning", rejectedBy: [] },
  /**
   * Anthropic's own API accepts an assistant message first; Amazon Bedrock answers "first message
   * must use the "user" role".
   * @see https://github.com/anthropics/anthropic-sdk-typescript/issues/622
   */
  "first-not-user": { severity: "warning", rejectedBy: [] },
  /** The raw arguments did not parse (a stream cut inside a tool_use, or a model slip). */
  "call-unparsed-arguments": { severity: "warning", rejectedBy: [] },
};

/** A problem for `rule`, with the rule's severity and rejecting providers from the table. */
export function createProblem(
  rule: ProblemRule,
  where: { message: string; messageIndex: number; blockIndex?: number; callId?: string },
): Problem {
  const spec = PROBLEM_RULES[rule];
  return { rule, severity: spec.severity, ...where, rejectedBy: spec.rejectedBy };
}
