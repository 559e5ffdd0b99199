import { describe, expect, it } from "vitest";
import { buildCsp, createNonce } from "@/lib/server/csp";
import { findCspProblems, parseCsp, readCspNonce } from "@/lib/server/testing/csp-check";

/** The CSP every page carries, read as a browser reads it: directive by directive, source by source. */
describe("the page CSP, parsed", () => {
  it("is docs/architecture.md's policy in production: every source local, no 'unsafe-eval', a 128-bit nonce", () => {
    const nonce = createNonce();
    const header = buildCsp(nonce, { dev: false });
    expect(findCspProblems(header, { production: true })).toEqual([]);
    expect(readCspNonce(header)).toBe(nonce);
    expect(parseCsp(header).map((directive) => directive.name)).toEqual([
      "default-src",
      "script-src",
      "style-src",
      "img-src",
      "font-src",
      "worker-src",
      "connect-src",
      "object-src",
      "base-uri",
      "form-action",
      "frame-ancestors",
    ]);
  });

  it("differs from production in dev by 'unsafe-eval' alone", () => {
    const header = buildCsp(createNonce(), { dev: true });
    expect(findCspProblems(header, { production: false })).toEqual([]);
    expect(findCspProblems(header, { production: true })).toEqual([
      "script-src has 'unsafe-eval' in production",
      `script-src is "${parseCsp(header)[1]?.sources.join(" ")}", docs/architecture.md says "'self' 'nonce-…' 'strict-dynamic'"`,
    ]);
  });

  it("puts a fresh nonce in each policy", () => {
    const nonces = Array.from({ length: 20 }, () => readCspNonce(buildCsp(createNonce(), { dev: false })));
    expect(new Set(nonces).size).toBe(20);
  });
});

describe("findCspProblems (the checker the e2e suite relies on can fail)", () => {
  const good = buildCsp("AAAAAAAAAAAAAAAAAAAAAA==", { dev: false });

  it.each([
    [
      "a host",
      "connect-src 'self' https://api.anthropic.com",
      "connect-src allows another origin: https://api.anthropic.com",
    ],
    ["a wildcard", "img-src 'self' data: blob: *", "img-src allows another origin: *"],
    [
      "a scheme",
      "script-src 'self' 'nonce-AAAAAAAAAAAAAAAAAAAAAA==' 'strict-dynamic' https:",
      "script-src allows another origin: https:",
    ],
    [
      "a websocket origin",
      "connect-src 'self' ws://127.0.0.1:3000",
      "connect-src allows another origin: ws://127.0.0.1:3000",
    ],
    [
      "a subdomain wildcard",
      "font-src 'self' data: *.example.com",
      "font-src allows another origin: *.example.com",
    ],
  ])("names %s in any directive", (_name, replacement, problem) => {
    const name = replacement.split(" ")[0]!;
    const header = good
      .split("; ")
      .map((directive) => (directive.startsWith(`${name} `) ? replacement : directive))
      .join("; ");
    expect(findCspProblems(header, { production: true })).toContain(problem);
  });

  it("names a missing, repeated or extra directive, a short nonce, and a missing header", () => {
    const withoutObject = good.replace("; object-src 'none'", "");
    expect(findCspProblems(withoutObject, { production: true })).toEqual(["object-src is missing"]);
    expect(findCspProblems(`${good}; default-src *`, { production: true })).toEqual([
      "default-src appears twice (browsers ignore the second)",
      "default-src allows another origin: *",
      `default-src is "*", docs/architecture.md says "'self'"`,
    ]);
    expect(findCspProblems(`${good}; report-uri /csp`, { production: true })).toEqual([
      "report-uri allows another origin: /csp",
      "report-uri is not in docs/architecture.md's policy",
    ]);
    expect(findCspProblems(buildCsp("AAAA", { dev: false }), { production: true })).toEqual([
      "script-src has a nonce shorter than 128 bits: 'nonce-AAAA'",
    ]);
    expect(findCspProblems(null, { production: true })).toEqual(["no Content-Security-Policy header"]);
  });
});
