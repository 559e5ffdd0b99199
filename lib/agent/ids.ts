import "server-only";
import { randomBytes } from "node:crypto";

/** A new random id with a readable prefix, e.g. `ses_3k9…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url")}`;
}
