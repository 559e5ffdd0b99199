/**
 * Trace and span ids derived from what they name (a session, a run, a call), so the same log maps
 * to the same ids every time: a live export and a later "Export to OTLP" of one session agree, and
 * a collector sees a re-sent span as the same span. FNV-1a, 64 bits, with different offsets for
 * the halves of a trace id. Pure: no crypto module.
 */

const MASK = (1n << 64n) - 1n;
const PRIME = 0x100000001b3n;
const OFFSET = 0xcbf29ce484222325n;
const encoder = new TextEncoder();

function hash64(text: string, salt: bigint): bigint {
  let hash = OFFSET ^ salt;
  for (const byte of encoder.encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * PRIME) & MASK;
  }
  // An all-zero id is invalid in OTLP.
  return hash === 0n ? 1n : hash;
}

const hex16 = (value: bigint) => value.toString(16).padStart(16, "0");

/** A 32-hex-digit trace id for `key`. */
export function traceIdFor(key: string): string {
  return hex16(hash64(key, 0n)) + hex16(hash64(key, 0x9e3779b97f4a7c15n));
}

/** A 16-hex-digit span id for `key`. */
export function spanIdFor(key: string): string {
  return hex16(hash64(key, 0x51ed270b27e1a3c5n));
}
