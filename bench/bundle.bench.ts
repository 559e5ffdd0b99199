import { it } from "vitest";
import { findMonacoChunks, MONACO_MARKERS, measureFirstLoad } from "./first-load";
import { recordSection, type BenchRow } from "./results";

/**
 * First-load JS of each page, gzip, from the production build in `.next` — and Monaco must not
 * be in any of it (the tools panel loads it lazily). Fails loudly, after recording, if it is.
 */
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

it("first-load JS of each page, gzip; no Monaco", () => {
  const pages = measureFirstLoad();
  const monaco = findMonacoChunks();
  const rows: BenchRow[] = pages.map((page) => ({
    what: `first-load JS ${page.route}`,
    result: `${kilobytes(page.gzipBytes)} gzip (${kilobytes(page.bytes)} raw, ${page.files.length} files)${page.monacoFiles.length > 0 ? ` — MONACO IN: ${page.monacoFiles.join(", ")}` : ", no Monaco"}`,
    goal: "no Monaco",
    met: page.monacoFiles.length === 0,
    figures: {
      gzipBytes: page.gzipBytes,
      bytes: page.bytes,
      files: page.files.join(" "),
      monacoFiles: page.monacoFiles.join(" "),
    },
  }));
  rows.push({
    what: "chunks holding Monaco (lazy, with the tools panel; its language workers load on top)",
    result: `${monaco.files.length} files, ${kilobytes(monaco.gzipBytes)} gzip`,
    goal: "—",
    met: null,
    figures: { gzipBytes: monaco.gzipBytes, files: monaco.files.join(" ") },
  });
  recordSection("bundle", rows, {
    notes: [
      "First load = build-manifest.json rootMainFiles + every entryJSFiles list of the page's client reference manifest (layout, page, not-found and error boundaries); each file gzipped with zlib's default level.",
      `Monaco is recognised by markers only its code holds: ${MONACO_MARKERS.join(", ")}.`,
      "The browser benchmark also lists the JS the session page really fetches until its first transcript paint.",
    ],
  });
  const leaks = pages.filter((page) => page.monacoFiles.length > 0);
  if (leaks.length > 0)
    throw new Error(
      `Monaco is in the first load of ${leaks.map((page) => `${page.route} (${page.monacoFiles.join(", ")})`).join("; ")}`,
    );
});
