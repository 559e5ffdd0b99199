#!/usr/bin/env node
// `npm run bench [-- --only assembly,relay] [--skip browser] [--profile]`: runs the benchmarks
// (Vitest files in bench/, one at a time), builds the app first when a part needs the production
// build and it is stale, then prints ONE table from bench/results.json. See bench/README.md.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isBuildStale } from "../scripts/build-state.mjs";

const root = path.resolve(import.meta.dirname, "..");
// A new part is a bench/<part>.bench.ts file and its name here (and in results.ts's SectionName).
const PARTS = ["assembly", "pipeline", "mcp", "relay", "projection", "browser", "large", "bundle", "capture"];
const NEEDS_BUILD = new Set(["relay", "browser", "large", "bundle", "capture"]);
const RESULTS = path.join(root, "bench", "results.json");

const options = parseArguments(process.argv.slice(2));
const parts = PARTS.filter(
  (part) => (options.only.length === 0 || options.only.includes(part)) && !options.skip.includes(part),
);
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  ...(options.profile ? { BENCH_PROFILE: "1" } : {}),
};
const bin = (name) => path.join(root, "node_modules", ".bin", name);

console.error(
  `bench: ${parts.join(", ")}${options.profile ? " (with CPU profiles in bench/profiles/)" : ""}`,
);
if (parts.some((part) => NEEDS_BUILD.has(part)) && isBuildStale(root)) {
  console.error("bench: the production build is missing or stale; building (next build)…");
  const build = spawnSync(bin("next"), ["build"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) fail("the build failed; run `npm run build` to see why.");
}

const loadAtStart = os.loadavg()[0];
const runStartedAt = new Date().toISOString();
const log = path.join(os.tmpdir(), `toolscope-bench-${process.pid}.log`);
const files = parts.map((part) => `bench/${part}.bench.ts`);
const vitest = spawnSync(
  bin("vitest"),
  ["run", "--config", "bench/vitest.config.mts", "--reporter=dot", ...files],
  {
    cwd: root,
    env,
    stdio: ["ignore", fs.openSync(log, "w"), "inherit"],
  },
);
printTable(parts);
if (vitest.status !== 0) {
  console.error(fs.readFileSync(log, "utf8").split("\n").slice(-60).join("\n"));
  fail(`a benchmark failed (exit ${vitest.status}); Vitest's output is above and in ${log}.`);
}
fs.rmSync(log, { force: true });

function printTable(selected) {
  const all = fs.existsSync(RESULTS) ? JSON.parse(fs.readFileSync(RESULTS, "utf8")) : {};
  const cell = (text) => String(text).replaceAll("|", "\\|");
  const lines = ["| part | load | measure | result | goal | met |", "|---|---|---|---|---|---|"];
  for (const part of selected) {
    const fresh = all[part] && all[part].measuredAt >= runStartedAt;
    // The 1-minute load average as the part finished: a figure beside a load above the cores reads slow.
    const load = fresh ? (all[part].machine?.loadAverage?.[0]?.toFixed(1) ?? "?") : "";
    for (const row of fresh ? all[part].rows : []) {
      const met = row.met === null ? "—" : row.met ? "met" : "NOT MET";
      lines.push(
        `| ${part} | ${load} | ${cell(row.what)} | ${cell(row.result)} | ${cell(row.goal)} | ${met} |`,
      );
    }
    if (!fresh) lines.push(`| ${part} | | (no result from this run: the part failed) | | | |`);
  }
  const cpus = os.cpus();
  console.log(`\n${lines.join("\n")}\n`);
  console.log(
    `Node ${process.version}, ${cpus.length}× ${cpus[0]?.model ?? "?"}, load average ${loadAtStart.toFixed(1)} at the start` +
      ` (each part's load is in bench/results.json). Written: bench/results.json${options.profile ? ", bench/profiles/" : ""}.`,
  );
  if (options.profile) printProfiles(all, selected);
}

function printProfiles(all, selected) {
  const visit = (name, node) => {
    if (node?.js || node?.bySelf) printProfile(name, node);
    else if (node && typeof node === "object")
      for (const [key, child] of Object.entries(node))
        if (child && typeof child === "object") visit(`${name} ${key}`, child);
  };
  for (const part of selected) visit(part, all[part]?.profile);
}

function printProfile(name, summary) {
  const js = summary.js ?? summary;
  const window = summary.measuredMs === undefined ? "" : ` in ${summary.measuredMs} ms`;
  console.log(`\nprofile ${name}: top functions by self time (% of ${js.busyMs} ms busy${window})`);
  for (const line of js.bySelf.slice(0, 12))
    console.log(
      `  ${String(line.selfPercent).padStart(5)}% self ${String(line.totalPercent).padStart(5)}% total  ${line.function}  ${line.where}`,
    );
  for (const line of summary.mainThread?.bySelf.slice(0, 10) ?? [])
    console.log(`  main thread: ${String(line.percent).padStart(5)}%  ${line.ms} ms  ${line.event}`);
}

function parseArguments(args) {
  const parsed = { only: [], skip: [], profile: false };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === "--profile") parsed.profile = true;
    else if (arg === "--only" || arg === "--skip")
      parsed[arg.slice(2)].push(...(args[++index] ?? "").split(","));
    else if (/^--(only|skip)=/.test(arg)) parsed[arg.slice(2, 6)].push(...arg.split("=")[1].split(","));
    else if (arg === "--help" || arg === "-h") {
      console.log(`npm run bench [-- --only ${PARTS.join(",")}] [--skip PART] [--profile]`);
      process.exit(0);
    } else fail(`unknown argument ${arg}; try --help`);
  }
  const unknown = [...parsed.only, ...parsed.skip].filter((part) => !PARTS.includes(part));
  if (unknown.length > 0) fail(`unknown part ${unknown.join(", ")}; the parts are ${PARTS.join(", ")}`);
  return parsed;
}

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(1);
}
