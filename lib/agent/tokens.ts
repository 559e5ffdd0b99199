import "server-only";
import o200k from "js-tiktoken/ranks/o200k_base";
import type { TokenEstimate } from "@/lib/trace/events";
import { readBpeRanks, type BpeTable } from "./bpe";

let table: BpeTable | null = null;

/** Builds the tokenizer's table (~100 ms) now rather than in the first run's first request. */
export function warmTokenizer(): void {
  table ??= readBpeRanks(o200k.bpe_ranks);
}

/** o200k_base's pre-tokenizer: the text is cut into its matches, and each is byte-pair encoded on its own. */
const PIECES = new RegExp(o200k.pat_str, "gu");

/** Pieces longer than this are counted every time, not remembered. */
const MEMO_PIECE_CHARS = 64;
/** The memo is emptied when it holds this many pieces. */
const MEMO_PIECES = 100_000;
/** Each piece's token count: a piece encodes to the same tokens wherever it stands. */
const pieceTokens = new Map<string, number>();

const utf8 = new TextEncoder();
/** A piece's UTF-8 bytes, written in place (grown to the longest piece so far). */
let pieceBytes = new Uint8Array(256);

function countPiece(bpe: BpeTable, piece: string): number {
  const known = pieceTokens.get(piece);
  if (known !== undefined) return known;
  if (pieceBytes.length < piece.length * 3) pieceBytes = new Uint8Array(piece.length * 3);
  const { written } = utf8.encodeInto(piece, pieceBytes);
  const count = bpe.countTokens(pieceBytes, written);
  if (piece.length <= MEMO_PIECE_CHARS) {
    if (pieceTokens.size >= MEMO_PIECES) pieceTokens.clear();
    pieceTokens.set(piece, count);
  }
  return count;
}

/**
 * Counts tokens with OpenAI's o200k_base, exactly as js-tiktoken's `encode(text, [], [])` does
 * (lib/agent/bpe.ts holds the table); for Claude it is an estimate (its tokenizer is not public).
 * The count a capture's `request.assembled` records is on the request's critical path, and an
 * agent resends its whole conversation each turn: so each piece's count is remembered, the
 * repeated words and history costing a map lookup. A special token's text (`<|endoftext|>` in a
 * message) counts as the ordinary text it is, as a provider reads a user's text: the library's
 * default refuses it with an error, which turned such a request into a 500 (and a run into a
 * failure).
 */
function countTokens(text: string): number {
  const bpe = (table ??= readBpeRanks(o200k.bpe_ranks));
  let total = 0;
  for (const [piece] of text.matchAll(PIECES)) total += countPiece(bpe, piece);
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
