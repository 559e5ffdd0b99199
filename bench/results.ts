import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** bench/results.json (git-ignored): every section's rows, kept across runs of single parts. */
export const RESULTS_FILE = path.join(process.cwd(), "bench", "results.json");

/** The parts of `npm run bench`, in the order the table shows them. */
export type SectionName = "assembly" | "pipeline" | "relay" | "projection" | "browser" | "bundle" | "capture";

/** One line of the table: what was measured, the figure, the goal and whether it was met. */
export interface BenchRow {
  what: string;
  /** The figure as the table prints it. */
  result: string;
  /** The goal as the table prints it, or "—" for a figure shown for context. */
  goal: string;
  /** Whether the goal was met; null for a context row. Reported, never asserted. */
  met: boolean | null;
  /** The raw numbers behind `result`, for results.json. */
  figures?: Record<string, number | string | boolean>;
}

/** A section as results.json holds it. */
export interface SectionResult {
  measuredAt: string;
  node: string;
  /** The machine, with its load while the section ran: a busy machine reads slower. */
  machine: { cpus: number; model: string; loadAverage: number[] };
  rows: BenchRow[];
  /** How it was measured, and anything a reader needs to judge the figures. */
  notes: string[];
  /** Where a CPU profile was summarized (`--profile`): the top functions. */
  profile?: unknown;
}

/** Writes one section into bench/results.json (the runner prints the one table from it). */
export function recordSection(
  name: SectionName,
  rows: BenchRow[],
  extra: { notes?: string[]; profile?: unknown } = {},
): void {
  const all = fs.existsSync(RESULTS_FILE)
    ? (JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8")) as Record<string, unknown>)
    : {};
  const section: SectionResult = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? "?", loadAverage: os.loadavg() },
    rows,
    notes: extra.notes ?? [],
    ...(extra.profile === undefined ? {} : { profile: extra.profile }),
  };
  all[name] = section;
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(all, null, 2)}\n`);
}

/** Percentiles of a sample (nearest rank). */
export interface Summary {
  median: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
  count: number;
}

/** The median, 95th and 99th percentiles, min and max of a sample. */
export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error("summarize: no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return {
    median: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    min: sorted[0]!,
    max: sorted.at(-1)!,
    count: sorted.length,
  };
}

/** A number with `digits` significant decimals, as the table shows it. */
export function roundTo(value: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Whether benchmarks should also record CPU profiles (`npm run bench -- --profile`). */
export function isProfiling(): boolean {
  return process.env.BENCH_PROFILE === "1";
}

const started = Date.now();

/** A progress line on stderr (the runner shows it while the part runs). */
export function reportProgress(message: string): void {
  process.stderr.write(`  [bench +${((Date.now() - started) / 1000).toFixed(1)} s] ${message}\n`);
}
