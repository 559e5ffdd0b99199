import "server-only";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import type { TokenEstimate } from "@/lib/trace/events";

let encoder: Tiktoken | null = null;

/** Builds the tokenizer's tables (a few hundred ms) now rather than in the first run's first request. */
export function warmTokenizer(): void {
  encoder ??= new Tiktoken(o200k);
}

/** o200k_base's special tokens (`<|endoftext|>`, …). */
const SPECIAL_TOKENS = Object.keys(o200k.special_tokens);

/**
 * Counts tokens with OpenAI's o200k_base; for Claude it is an estimate (its tokenizer is not
 * public). `encode`'s default refuses a text holding a special token (it throws), and that check
 * builds a regular expression on each call — most of a small text's cost (a captured request's
 * critical path): it is skipped for a text holding none, which encodes to the same tokens.
 */
function countTokens(text: string): number {
  encoder ??= new Tiktoken(o200k);
  const plain = !SPECIAL_TOKENS.some((token) => text.includes(token));
  return (plain ? encoder.encode(text, [], []) : encoder.encode(text)).length;
}

/** A token estimate per section of a request body, in the order tools → system → messages. */
export function estimateRequestTokens(sections: {
  tools: unknown;
  system: unknown;
  messages: unknown;
}): TokenEstimate {
  const count = (value: unknown) =>
    value === undefined || value === null || value === ""
      ? 0
      : countTokens(typeof value === "string" ? value : JSON.stringify(value));
  const tools = count(sections.tools);
  const system = count(sections.system);
  const messages = count(sections.messages);
  return { tools, system, messages, total: tools + system + messages, tokenizer: "o200k_base (estimate)" };
}
