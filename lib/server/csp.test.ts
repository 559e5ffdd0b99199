import { describe, expect, it } from "vitest";
import { buildCsp, createNonce } from "@/lib/server/csp";

describe("buildCsp", () => {
  it("is exactly docs/architecture.md's policy in production", () => {
    expect(buildCsp("abc123==", { dev: false })).toBe(
      "default-src 'self'; script-src 'self' 'nonce-abc123==' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob:; font-src 'self' data:; worker-src 'self'; connect-src 'self'; " +
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it("adds 'unsafe-eval' to script-src only in dev", () => {
    const directives = buildCsp("n", { dev: true }).split("; ");
    expect(directives[1]).toBe("script-src 'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval'");
    expect(directives.filter((directive) => directive.includes("unsafe-eval"))).toHaveLength(1);
  });
});

describe("createNonce", () => {
  it("is 16 random bytes in base64, fresh each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect([...nonces][0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
