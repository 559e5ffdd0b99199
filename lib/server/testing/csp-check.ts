/**
 * Reads a Content-Security-Policy header and lists how it departs from docs/architecture.md's policy.
 * Shared by the unit tests of `buildCsp` and the e2e checks of every page. Test-only.
 */

/** docs/architecture.md, "Security": each directive and its sources (`'nonce-…'` stands for the per-request nonce). */
export const DESIGN_CSP: Readonly<Record<string, readonly string[]>> = Object.freeze({
  "default-src": ["'self'"],
  "script-src": ["'self'", "'nonce-…'", "'strict-dynamic'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  "worker-src": ["'self'"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
});

/** Sources that name no other origin: keywords, a nonce, and the two local schemes docs/architecture.md allows. */
const LOCAL_SOURCE =
  /^('self'|'none'|'unsafe-inline'|'strict-dynamic'|'unsafe-eval'|'nonce-[A-Za-z0-9+/_-]+={0,2}'|data:|blob:)$/;
const NONCE_SOURCE = /^'nonce-([A-Za-z0-9+/_-]+={0,2})'$/;

/** The policy's directives in order, names lower-cased; a repeated directive is kept (and reported). */
export function parseCsp(header: string): { name: string; sources: string[] }[] {
  return header
    .split(";")
    .map((directive) => directive.trim().split(/\s+/))
    .filter((tokens) => tokens[0] !== "")
    .map(([name = "", ...sources]) => ({ name: name.toLowerCase(), sources }));
}

/** The nonce in `script-src`, or `null`. */
export function readCspNonce(header: string): string | null {
  const scriptSource = parseCsp(header).find((directive) => directive.name === "script-src");
  for (const source of scriptSource?.sources ?? []) {
    const match = NONCE_SOURCE.exec(source);
    if (match) return match[1] ?? null;
  }
  return null;
}

/**
 * Every way `header` differs from {@link DESIGN_CSP}, as sentences; `[]` when it is exactly the
 * policy. Names a source that points at another origin (a host, `*`, `http:`…), `'unsafe-eval'`
 * when `production`, a nonce shorter than 128 bits, a missing, repeated or extra directive.
 */
export function findCspProblems(
  header: string | null | undefined,
  options: { production: boolean },
): string[] {
  if (!header) return ["no Content-Security-Policy header"];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { name, sources } of parseCsp(header)) {
    if (seen.has(name)) problems.push(`${name} appears twice (browsers ignore the second)`);
    seen.add(name);
    for (const source of sources) {
      if (!LOCAL_SOURCE.test(source)) problems.push(`${name} allows another origin: ${source}`);
      if (source === "'unsafe-eval'" && options.production)
        problems.push(`${name} has 'unsafe-eval' in production`);
      const nonce = NONCE_SOURCE.exec(source)?.[1];
      if (nonce !== undefined && Buffer.from(nonce, "base64").length < 16)
        problems.push(`${name} has a nonce shorter than 128 bits: ${source}`);
    }
    const expected = DESIGN_CSP[name];
    if (!expected) {
      problems.push(`${name} is not in docs/architecture.md's policy`);
      continue;
    }
    const actual = sources
      .filter((source) => options.production || source !== "'unsafe-eval'")
      .map((source) => (NONCE_SOURCE.test(source) ? "'nonce-…'" : source));
    if (actual.join(" ") !== expected.join(" "))
      problems.push(`${name} is "${sources.join(" ")}", docs/architecture.md says "${expected.join(" ")}"`);
  }
  for (const name of Object.keys(DESIGN_CSP)) if (!seen.has(name)) problems.push(`${name} is missing`);
  return problems;
}
