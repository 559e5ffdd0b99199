/** The cache key of a schema: a hash of its canonical JSON, so key order does not matter. */
import { canonicalizeValue, type OddValues } from "@/lib/trace/canonical-json";

/** As `JSON.stringify` does: a cycle or a `bigint` is a `TypeError`. */
const STRICT: OddValues = {
  cycle: () => {
    throw new TypeError("the value contains a cycle");
  },
  bigint: () => {
    throw new TypeError("a bigint cannot be written as JSON");
  },
};

/**
 * The canonical JSON of `value`: object keys sorted (by UTF-16 code units), no whitespace,
 * otherwise what `JSON.stringify` writes (`undefined`, functions and symbols dropped from
 * objects and `null` in arrays; non-finite numbers as `null`; symbol keys ignored, so TypeBox's
 * markers do not count). Throws `TypeError` on a cycle or a `bigint`, as `JSON.stringify` does.
 */
export function canonicalizeJson(value: unknown): string {
  return canonicalizeValue(value, STRICT);
}

/**
 * FNV-1a 64 over the string's UTF-16 code units (for ASCII, the same as over its bytes), as 16
 * lowercase hex digits. Computed in four 16-bit limbs so it needs neither `bigint` nor Node's
 * `crypto` (lib/schema is pure). Not a cryptographic hash: callers compare the full text on a hit.
 */
export function hashFnv1a64(text: string): string {
  // The offset basis 0xcbf29ce484222325, lowest limb first.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let index = 0; index < text.length; index++) {
    h0 ^= text.charCodeAt(index);
    // Multiply by the FNV prime 0x100000001b3 = 2^40 + 0x1b3, modulo 2^64.
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3 + (t0 >>> 16);
    const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
    const t3 = h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16);
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
    h3 = t3 & 0xffff;
  }
  return [h3, h2, h1, h0].map((limb) => limb.toString(16).padStart(4, "0")).join("");
}
