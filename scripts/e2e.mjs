#!/usr/bin/env node
// `npm run test:e2e`: build the production app once when it is stale, then run Playwright in
// Chromium against it (the specs start servers with scripts/start.mjs, which then skips the build).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { isBuildStale } from "./build-state.mjs";

const root = path.resolve(import.meta.dirname, "..");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const bin = (name) => path.join(root, "node_modules", ".bin", name);

if (isBuildStale(root)) {
  const build = spawnSync(bin("next"), ["build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(bin("playwright"), ["test", ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: "inherit",
});
process.exit(run.status ?? 1);
