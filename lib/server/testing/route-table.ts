/**
 * The app's routes as the file system defines them (App Router conventions), so the security
 * suite covers a route the day it is added: every `app/api/**\/route.ts` with the HTTP methods it
 * exports, and every `app/**\/page.tsx`. Test-only (Vitest and Playwright): never imported by
 * application code.
 */
import fs from "node:fs";
import path from "node:path";

/** The methods a route handler may export (Next.js route handlers). */
export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Methods that carry a request body this app reads as JSON. */
export const BODY_METHODS: readonly HttpMethod[] = ["POST", "PUT", "PATCH"];

/** One route: its URL pattern (`/api/sessions/[id]`), its file, its dynamic segments. */
export interface AppRoute {
  pattern: string;
  /** Absolute path of the `route.ts` or `page.tsx`. */
  file: string;
  /** Dynamic segment names in order (`["id", "callId"]`). */
  params: string[];
}

/** An API route and the methods its module exports. */
export interface ApiRoute extends AppRoute {
  methods: HttpMethod[];
}

const EXPORTED_METHOD = new RegExp(
  `export\\s+(?:async\\s+)?(?:function|const|let)\\s+(${HTTP_METHODS.join("|")})\\b`,
  "g",
);

/** Every API route under `<root>/app/api`, sorted by pattern. */
export function listApiRoutes(root: string = process.cwd()): ApiRoute[] {
  return findFiles(path.join(root, "app", "api"), /^route\.(ts|js)$/)
    .map((file) => ({ ...describeRoute(root, file), methods: readExportedMethods(file) }))
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** Every page under `<root>/app` (not under `app/api`), sorted by pattern. */
export function listPages(root: string = process.cwd()): AppRoute[] {
  return findFiles(path.join(root, "app"), /^page\.(tsx|ts|jsx|js)$/)
    .filter((file) => !file.startsWith(path.join(root, "app", "api") + path.sep))
    .map((file) => describeRoute(root, file))
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/**
 * The pattern with each `[param]` replaced by `values[param]` (URL-encoded); a catch-all
 * `[...param]` takes the value as it is. Throws when a value is missing.
 */
export function fillRoute(pattern: string, values: Readonly<Record<string, string>>): string {
  return pattern.replace(
    /\[\[?(\.\.\.)?([^\]]+)\]\]?/g,
    (_segment, rest: string | undefined, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`No value for [${name}] in ${pattern}`);
      return rest ? value : encodeURIComponent(value);
    },
  );
}

/** The methods a route module exports, read from its source (no import needed). */
export function readExportedMethods(file: string): HttpMethod[] {
  const source = fs.readFileSync(file, "utf8");
  const found = new Set<HttpMethod>();
  for (const match of source.matchAll(EXPORTED_METHOD)) found.add(match[1] as HttpMethod);
  return HTTP_METHODS.filter((method) => found.has(method));
}

function describeRoute(root: string, file: string): AppRoute {
  const segments = path
    .relative(path.join(root, "app"), path.dirname(file))
    .split(path.sep)
    .filter((segment) => segment !== "" && !/^\(.*\)$/.test(segment) && !segment.startsWith("@"));
  const params = segments
    .map((segment) => /^\[\[?(?:\.\.\.)?([^\]]+)\]\]?$/.exec(segment)?.[1])
    .filter((name): name is string => name !== undefined);
  return { pattern: `/${segments.join("/")}`, file, params };
}

/** Files named like `name` below `dir`, skipping private folders (`_x`) as the App Router does. */
function findFiles(dir: string, name: RegExp): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith("_")) found.push(...findFiles(full, name));
    else if (entry.isFile() && name.test(entry.name)) found.push(full);
  }
  return found;
}
