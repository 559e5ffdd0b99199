import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";

/** Strings only Monaco's code holds: the editor's own CSS class and its worker hook. */
export const MONACO_MARKERS = ["monaco-editor-background", "MonacoEnvironment"];

/** One page's first-load JavaScript: the files the browser loads before the page is interactive. */
export interface PageFirstLoad {
  route: string;
  files: string[];
  bytes: number;
  gzipBytes: number;
  /** First-load files in which a Monaco marker was found. */
  monacoFiles: string[];
}

interface ClientReferenceManifest {
  entryJSFiles?: Record<string, string[]>;
}

/** The gzip size (zlib's default level, as Next's own compression serves it) of a file under `.next/`. */
function readSizes(nextDir: string, file: string) {
  const bytes = fs.readFileSync(path.join(nextDir, file));
  return { bytes: bytes.length, gzipBytes: zlib.gzipSync(bytes).length, text: bytes.toString("latin1") };
}

/** The client reference manifest of an App Router page (Turbopack writes it as a script setting `globalThis.__RSC_MANIFEST`). */
function readClientManifest(nextDir: string, route: string): ClientReferenceManifest {
  const file = path.join(
    nextDir,
    "server",
    "app",
    `${route === "/" ? "" : route}/page_client-reference-manifest.js`,
  );
  const sandbox: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, ClientReferenceManifest> } = {};
  sandbox.globalThis = sandbox;
  vm.runInNewContext(fs.readFileSync(file, "utf8"), sandbox);
  const entry = Object.values(sandbox.__RSC_MANIFEST ?? {})[0];
  if (!entry) throw new Error(`no client reference manifest in ${file}`);
  return entry;
}

/**
 * Every page's first-load JS from the build output: the root main files of build-manifest.json
 * plus the entry chunks of the page's client reference manifest (its layouts, the page itself,
 * and the error/not-found boundaries it ships with). Next 16 no longer prints these sizes.
 */
export function measureFirstLoad(nextDir = path.join(process.cwd(), ".next")): PageFirstLoad[] {
  const buildManifest = JSON.parse(fs.readFileSync(path.join(nextDir, "build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
  };
  const routes = JSON.parse(
    fs.readFileSync(path.join(nextDir, "app-path-routes-manifest.json"), "utf8"),
  ) as Record<string, string>;
  const pages = Object.entries(routes)
    .filter(([entry]) => entry.endsWith("/page") && !entry.startsWith("/_global-error"))
    .map(([, route]) => route)
    .sort();
  return pages.map((route) => {
    const manifest = readClientManifest(nextDir, route);
    const entryFiles = Object.values(manifest.entryJSFiles ?? {}).flat();
    const files = [...new Set([...buildManifest.rootMainFiles, ...entryFiles])].sort();
    let bytes = 0;
    let gzipBytes = 0;
    const monacoFiles: string[] = [];
    for (const file of files) {
      const sizes = readSizes(nextDir, file);
      bytes += sizes.bytes;
      gzipBytes += sizes.gzipBytes;
      if (MONACO_MARKERS.some((marker) => sizes.text.includes(marker))) monacoFiles.push(file);
    }
    return { route, files, bytes, gzipBytes, monacoFiles };
  });
}

/** Every built JS chunk that holds a Monaco marker, and their total gzip size (what the editor costs when it loads). */
export function findMonacoChunks(nextDir = path.join(process.cwd(), ".next")): {
  files: string[];
  gzipBytes: number;
} {
  const dir = path.join(nextDir, "static", "chunks");
  const files: string[] = [];
  let gzipBytes = 0;
  for (const name of fs.readdirSync(dir).filter((file) => file.endsWith(".js"))) {
    const sizes = readSizes(nextDir, path.join("static", "chunks", name));
    if (!MONACO_MARKERS.some((marker) => sizes.text.includes(marker))) continue;
    files.push(`static/chunks/${name}`);
    gzipBytes += sizes.gzipBytes;
  }
  return { files, gzipBytes };
}
