import "server-only";
import { randomBytes } from "node:crypto";

/** Options for {@link buildCsp}. */
export interface CspOptions {
  /** `next dev`: React's dev build and Fast Refresh need `'unsafe-eval'`; production never gets it. */
  readonly dev: boolean;
}

/** A fresh script nonce: 16 random bytes, base64. Make one per page request. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy every page carries (docs/architecture.md, "Security"), with `nonce` in
 * `script-src`. `style-src` allows inline styles because Monaco sets hundreds of them.
 */
export function buildCsp(nonce: string, options: CspOptions): string {
  const scriptSource = [
    "'self'",
    `'nonce-${nonce}'`,
    "'strict-dynamic'",
    ...(options.dev ? ["'unsafe-eval'"] : []),
  ];
  return [
    "default-src 'self'",
    `script-src ${scriptSource.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
