/**
 * A byte-pair encoder's rank table in a few flat typed arrays, for counting tokens.
 *
 * js-tiktoken keeps a table as a `Map` from each token's bytes (joined as a string) to its rank,
 * and a second `Map` from each rank to a `Uint8Array`: for o200k_base some 800,000 small objects
 * (a key string, an array and its buffer per token) that live as long as the server, built in
 * ~1.3 s. The server bundled two copies, 1.6 million of its 2 million heap objects, and every
 * young-generation collection works in a heap that size. Here the whole table is five typed
 * arrays, built in ~85 ms, and the counts are exactly the library's (lib/agent/bpe.test.ts). A
 * long piece merges in O(n log n) with a heap rather than the library's O(n²) scans: a megabyte
 * of one letter is one piece, and it must not hang a request.
 */

/** The rank of no token (a pair that does not merge). */
const NONE = -1;

export interface BpeTable {
  /** How many tokens it has. */
  readonly size: number;
  /** The rank of `bytes[start, end)` as one token, or -1 when no token has those bytes. */
  rankOf(bytes: Uint8Array, start: number, end: number): number;
  /** How many tokens `bytes[0, length)` (one piece of the pre-tokenizer) encodes to. */
  countTokens(bytes: Uint8Array, length: number): number;
}

const BASE64 = new Int8Array(128).fill(-1);
for (const [index, char] of [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].entries())
  BASE64[char.charCodeAt(0)] = index;

/** FNV-1a of `bytes[start, end)`. */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) hash = Math.imul(hash ^ bytes[index]!, 0x01000193);
  return hash >>> 0;
}

/** The bytes a base64 word of `text[start, end)` stands for, written at `out[at]`; returns their count. */
function decodeBase64(text: string, start: number, end: number, out: Uint8Array | null, at: number): number {
  let bits = 0;
  let held = 0;
  let written = 0;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === 61) break; // "=": padding
    const value = code < 128 ? BASE64[code]! : -1;
    if (value < 0) throw new Error(`bpe ranks: "${text.slice(start, end)}" is not base64`);
    bits = (bits << 6) | value;
    held += 6;
    if (held >= 8) {
      held -= 8;
      if (out) out[at + written] = (bits >> held) & 0xff;
      written++;
    }
  }
  return written;
}

/**
 * Reads js-tiktoken's compressed ranks (`bpe_ranks`: lines of `<marker> <first rank> <base64
 * token>…`, each token one rank above the one before it). A token listed twice keeps its later
 * rank, as the library's table does.
 */
export function readBpeRanks(bpeRanks: string): BpeTable {
  // The words of each line after its first two, with their ranks: first counted, then decoded.
  const walk = (onToken: (start: number, end: number, rank: number) => void) => {
    let lineStart = 0;
    while (lineStart < bpeRanks.length) {
      let lineEnd = bpeRanks.indexOf("\n", lineStart);
      if (lineEnd < 0) lineEnd = bpeRanks.length;
      const marker = bpeRanks.indexOf(" ", lineStart);
      if (marker >= 0 && marker < lineEnd) {
        let wordStart = marker + 1;
        let wordEnd = bpeRanks.indexOf(" ", wordStart);
        if (wordEnd < 0 || wordEnd > lineEnd) wordEnd = lineEnd;
        let rank = Number.parseInt(bpeRanks.slice(wordStart, wordEnd), 10);
        if (!Number.isInteger(rank) || rank < 0)
          throw new Error(`bpe ranks: the line at ${lineStart} has no first rank`);
        for (wordStart = wordEnd + 1; wordStart < lineEnd; wordStart = wordEnd + 1, rank++) {
          wordEnd = bpeRanks.indexOf(" ", wordStart);
          if (wordEnd < 0 || wordEnd > lineEnd) wordEnd = lineEnd;
          onToken(wordStart, wordEnd, rank);
        }
      }
      lineStart = lineEnd + 1;
    }
  };
  let count = 0;
  let byteCount = 0;
  walk((start, end) => {
    count++;
    byteCount += decodeBase64(bpeRanks, start, end, null, 0);
  });
  const bytes = new Uint8Array(byteCount);
  const starts = new Int32Array(count + 1);
  const ranks = new Int32Array(count);
  let capacity = 1;
  while (capacity < count * 2) capacity *= 2;
  const mask = capacity - 1;
  /** Each slot: 1 + the index of the token there, or 0. */
  const slots = new Int32Array(capacity);

  const findSlot = (source: Uint8Array, start: number, end: number): number => {
    const length = end - start;
    for (let slot = hashBytes(source, start, end) & mask; ; slot = (slot + 1) & mask) {
      const held = slots[slot]! - 1;
      if (held < 0) return slot;
      const from = starts[held]!;
      if (starts[held + 1]! - from !== length) continue;
      let same = true;
      for (let offset = 0; offset < length; offset++)
        if (bytes[from + offset] !== source[start + offset]) {
          same = false;
          break;
        }
      if (same) return slot;
    }
  };

  let index = 0;
  let size = 0;
  walk((start, end, rank) => {
    const from = starts[index]!;
    const to = from + decodeBase64(bpeRanks, start, end, bytes, from);
    starts[index + 1] = to;
    ranks[index] = rank;
    const slot = findSlot(bytes, from, to);
    const held = slots[slot]! - 1;
    if (held >= 0) ranks[held] = rank;
    else {
      slots[slot] = index + 1;
      size++;
    }
    index++;
  });

  const rankOf = (source: Uint8Array, start: number, end: number): number => {
    const held = slots[findSlot(source, start, end)]! - 1;
    return held < 0 ? NONE : ranks[held]!;
  };
  return { size, rankOf, countTokens: (piece, length) => countMerged(rankOf, piece, length) };
}

/** Scratch arrays for {@link countMerged}, grown to the longest piece so far. */
let next = new Int32Array(64);
let previous = new Int32Array(64);
let pairRank = new Int32Array(64);
/** A binary heap of (rank, start) keys, `rank * 2^32 + start`: the lowest rank, leftmost first. */
let heap = new Float64Array(192);

const SHIFT = 2 ** 32;

/**
 * The token count of a piece, byte-pair merged as tiktoken merges it: while any two neighbouring
 * parts make a token, the pair of the lowest rank (the leftmost of equals) becomes one part. The
 * whole piece as one token counts 1 first, as the library does.
 */
function countMerged(
  rankOf: (bytes: Uint8Array, start: number, end: number) => number,
  piece: Uint8Array,
  length: number,
): number {
  if (length <= 1) return length;
  if (rankOf(piece, 0, length) !== NONE) return 1;
  if (next.length <= length) {
    const grown = 2 ** Math.ceil(Math.log2(length + 1));
    next = new Int32Array(grown);
    previous = new Int32Array(grown);
    pairRank = new Int32Array(grown);
    heap = new Float64Array(grown * 3);
  }
  let heapSize = 0;
  const push = (rank: number, start: number) => {
    let at = heapSize++;
    const key = rank * SHIFT + start;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (heap[parent]! <= key) break;
      heap[at] = heap[parent]!;
      at = parent;
    }
    heap[at] = key;
  };
  const pop = (): number => {
    const top = heap[0]!;
    const last = heap[--heapSize]!;
    let at = 0;
    for (;;) {
      let child = at * 2 + 1;
      if (child >= heapSize) break;
      if (child + 1 < heapSize && heap[child + 1]! < heap[child]!) child++;
      if (heap[child]! >= last) break;
      heap[at] = heap[child]!;
      at = child;
    }
    heap[at] = last;
    return top;
  };
  // Parts start as single bytes; `next[start]` is where the part after it starts (`length`: none).
  for (let start = 0; start < length; start++) {
    next[start] = start + 1;
    previous[start] = start - 1;
  }
  for (let start = 0; start + 1 < length; start++) {
    const rank = rankOf(piece, start, start + 2);
    pairRank[start] = rank;
    if (rank !== NONE) push(rank, start);
  }
  pairRank[length - 1] = NONE;
  let parts = length;
  while (heapSize > 0) {
    const key = pop();
    const start = key % SHIFT;
    const rank = (key - start) / SHIFT;
    if (pairRank[start] !== rank) continue; // stale: the pair changed since
    const absorbed = next[start]!;
    const after = next[absorbed]!;
    next[start] = after;
    if (after < length) previous[after] = start;
    pairRank[absorbed] = NONE;
    parts--;
    const mine = after < length ? rankOf(piece, start, next[after]!) : NONE;
    pairRank[start] = mine;
    if (mine !== NONE) push(mine, start);
    const before = previous[start]!;
    if (before >= 0) {
      const theirs = rankOf(piece, before, after);
      pairRank[before] = theirs;
      if (theirs !== NONE) push(theirs, before);
    }
  }
  return parts;
}
