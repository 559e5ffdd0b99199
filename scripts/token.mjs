// The launch token, as lib/server/token.ts keeps it: TOOLSCOPE_TOKEN, else `<dataDir>/token`
// (32 random bytes, base64url, mode 0600), created atomically — first writer wins.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function ensureToken(fromEnv, dataDir) {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, "token");
  const existing = readToken(file);
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return readToken(file);
}

function readToken(file) {
  try {
    const token = fs.readFileSync(file, "utf8").trim();
    return token.length >= 16 ? token : null;
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
}
