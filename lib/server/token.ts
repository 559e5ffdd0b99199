import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ServerConfig } from "@/lib/server/config";

/** The file in the data dir that keeps the generated launch token. */
export const TOKEN_FILE_NAME = "token";

const CACHE_KEY = Symbol.for("toolscope.launchToken");
const MIN_TOKEN_LENGTH = 16;

interface TokenCacheEntry {
  dataDir: string;
  tokenFromEnv: string | null;
  token: string;
}

type TokenCache = { [CACHE_KEY]?: TokenCacheEntry };

/**
 * The launch token: `TOOLSCOPE_TOKEN` when set, else the one kept in `<dataDir>/token`, else a
 * new one (32 random bytes, base64url) written there with mode 0600. Creation is atomic and
 * first-writer-wins, so processes racing to create it all end up with the same token. Cached
 * on `globalThis` per data dir and env token.
 * @throws Error when the token file exists but holds no usable token, or cannot be written.
 */
export function resolveToken(config: ServerConfig): string {
  const cache = globalThis as TokenCache;
  const cached = cache[CACHE_KEY];
  if (cached && cached.dataDir === config.dataDir && cached.tokenFromEnv === config.tokenFromEnv) {
    return cached.token;
  }
  const token = config.tokenFromEnv ?? readOrCreateTokenFile(path.join(config.dataDir, TOKEN_FILE_NAME));
  cache[CACHE_KEY] = { dataDir: config.dataDir, tokenFromEnv: config.tokenFromEnv, token };
  return token;
}

/** Forgets the cached token (tests). */
export function resetTokenCache(): void {
  delete (globalThis as TokenCache)[CACHE_KEY];
}

/**
 * Whether `candidate` is the launch token, in constant time: both sides are hashed with
 * SHA-256 first, so neither their contents nor their lengths leak through timing.
 * A missing or empty candidate, or an empty token, never matches.
 */
export function tokenMatches(candidate: string | null | undefined, token: string): boolean {
  if (!candidate || !token) return false;
  return timingSafeEqual(hashText(candidate), hashText(token));
}

function hashText(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

function readOrCreateTokenFile(file: string): string {
  return readTokenFile(file) ?? createTokenFile(file);
}

function readTokenFile(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const token = text.trim();
  if (token.length < MIN_TOKEN_LENGTH) {
    throw new Error(`${file} holds no usable token; delete it and restart to generate a new one.`);
  }
  return token;
}

function createTokenFile(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  fs.writeFileSync(temporary, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  try {
    publishTokenFile(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  // Whoever published first won; everyone reads the winner's token.
  const token = readTokenFile(file);
  if (token === null) throw new Error(`${file} vanished right after it was written.`);
  return token;
}

/** Publishes a complete file under its final name without replacing one that is already there. */
function publishTokenFile(temporary: string, file: string): void {
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return;
    // Filesystems without hard links: an atomic rename (last writer wins on a race).
    if (code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "ENOSYS") {
      fs.renameSync(temporary, file);
      return;
    }
    throw error;
  }
}
