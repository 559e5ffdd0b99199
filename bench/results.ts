import fs from "node:fs";
import path from "node:path";

const FILE = path.join(process.cwd(), "bench", "results.json");

/** Merges one benchmark's figures into bench/results.json and prints them as a table. */
export function recordResults(name: string, rows: Record<string, number | string>[]): void {
  const all = fs.existsSync(FILE)
    ? (JSON.parse(fs.readFileSync(FILE, "utf8")) as Record<string, unknown>)
    : {};
  all[name] = { measuredAt: new Date().toISOString(), node: process.version, rows };
  fs.writeFileSync(FILE, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`\n${name}`);
  console.table(rows);
}

/** The median and 95th percentile of a sample. */
export function summarize(samples: number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}
