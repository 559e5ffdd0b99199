import "server-only";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import type { TokenEstimate } from "@/lib/trace/events";

let encoder: Tiktoken | null = null;

/** Builds the tokenizer's tables (a few hundred ms) now rather than in the first run's first request. */
export function warmTokenizer(): void {
  encoder ??= new Tiktoken(o200k);
}

/** o200k_base's pre-tokenizer: the text is cut into its matches, and each is byte-pair encoded on its own. */
const PIECES = new RegExp(o200k.pat_str, "gu");
/** The same, for one piece alone (`matchAll` starts at its regex's `lastIndex`: `PIECES` keeps 0). */
const ALONE = new RegExp(o200k.pat_str, "gu");

/** Pieces longer than this are counted every time, not remembered. */
const MEMO_PIECE_CHARS = 64;
/** The memo is emptied when it holds this many pieces. */
const MEMO_PIECES = 100_000;
/** Each piece's token count: a piece encodes to the same tokens wherever it stands. */
const pieceTokens = new Map<string, number>();

/**
 * The tokens of one piece, remembered; `null` when the piece is not one piece on its own (the
 * pre-tokenizer's lookahead cut it by what followed it), when only the whole text is exact.
 */
function countPiece(tiktoken: Tiktoken, piece: string): number | null {
  const known = pieceTokens.get(piece);
  if (known !== undefined) return known;
  ALONE.lastIndex = 0;
  const alone = ALONE.exec(piece);
  if (alone?.index !== 0 || alone[0] !== piece) return null;
  const count = tiktoken.encode(piece, [], []).length;
  if (piece.length <= MEMO_PIECE_CHARS) {
    if (pieceTokens.size >= MEMO_PIECES) pieceTokens.clear();
    pieceTokens.set(piece, count);
  }
  return count;
}

/**
 * Counts tokens with OpenAI's o200k_base; for Claude it is an estimate (its tokenizer is not
 * public). The count a capture's `request.assembled` records is on the request's critical path,
 * and an agent resends its whole conversation each turn: so the text is cut into the encoder's
 * own pieces and each piece's count remembered — the same total as `encode(text).length`, the
 * repeated words and history costing a map lookup. A special token's text (`<|endoftext|>` in a
 * message) counts as the ordinary text it is, as a provider reads a user's text: the library's
 * default refuses it with an error, which turned such a request into a 500 (and a run into a
 * failure).
 */
function countTokens(text: string): number {
  const tiktoken = (encoder ??= new Tiktoken(o200k));
  let total = 0;
  for (const [piece] of text.matchAll(PIECES)) {
    const count = countPiece(tiktoken, piece);
    if (count === null) return tiktoken.encode(text, [], []).length;
    total += count;
  }
  return total;
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
