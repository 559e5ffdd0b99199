// The server side of the relay benchmark (bench/relay.bench.ts starts it with `fork`).
//
// Runs the built app exactly as `next start` does — Next's own CLI, loaded into this process —
// so the event stream route, the proxy and Next's response streaming are the production ones.
// Being in the server's process is what lets it append: after a first API request the app's
// runtime (lib/server/runtime.ts) is on `globalThis`, and appending through `runtime.store.append`
// is the path every run takes (redaction, freezing, the SQLite write, the bus, the SSE route).
// Nothing is added to the app. Times are `process.hrtime` (CLOCK_MONOTONIC, shared by every
// process on the machine), so the client can subtract them from its own.
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { createRequire } from "node:module";
import path from "node:path";

const root = process.cwd();
const port = process.env.PORT;
const token = process.env.TOOLSCOPE_TOKEN;
const base = `http://127.0.0.1:${port}`;
const RUNTIME_KEY = Symbol.for("toolscope.runtime");

process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
process.argv = [process.execPath, nextBin, "start", "-H", "127.0.0.1", "-p", port];
createRequire(import.meta.url)(nextBin);

await waitForHealth();
const created = await fetch(`${base}/api/sessions`, {
  method: "POST",
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  body: JSON.stringify({ title: "relay bench" }),
});
if (created.status !== 201) throw new Error(`POST /api/sessions: ${created.status} ${await created.text()}`);
const { id: sessionId } = await created.json();
const runtime = globalThis[RUNTIME_KEY];
if (!runtime?.store) throw new Error("the app's runtime is not on globalThis after a request");
process.send({ type: "ready", sessionId });

process.on("message", (message) => {
  if (message.type === "append") void startProfile().then(() => appendPaced(message.rate, message.seconds));
  if (message.type === "received") void stopProfile().then(() => process.send({ type: "profiled" }));
});

// With BENCH_PROFILE=1, the append window is profiled, to bench/profiles/relay-server.cpuprofile.
const profiler = process.env.BENCH_PROFILE === "1" ? new Session() : null;

let profiling = false;

/** Starts the profiler with the first run's appends; later runs go on in the same profile. */
async function startProfile() {
  if (!profiler || profiling) return;
  profiling = true;
  profiler.connect();
  await profiler.post("Profiler.enable");
  await profiler.post("Profiler.setSamplingInterval", { interval: 100 });
  await profiler.post("Profiler.start");
}

async function stopProfile() {
  if (!profiler) return;
  const { profile } = await profiler.post("Profiler.stop");
  fs.mkdirSync(path.join(root, "bench", "profiles"), { recursive: true });
  fs.writeFileSync(path.join(root, "bench", "profiles", "relay-server.cpuprofile"), JSON.stringify(profile));
}

/** Appends `rate` wire.event events a second for `seconds`, each as soon as it falls due. */
function appendPaced(rate, seconds) {
  const total = rate * seconds;
  const appended = [];
  const durations = [];
  const started = now();
  const cpuBefore = process.cpuUsage();
  let index = 0;
  const tick = () => {
    const due = Math.min(total, Math.floor(((now() - started) * rate) / 1e9) + 1);
    for (; index < due; index++) {
      const at = now();
      const event = runtime.store.append(sessionId, {
        kind: "wire.event",
        turn: 1,
        attempt: 1,
        index,
        event: "content_block_delta",
        data: `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"chunk ${index} of a long answer"}}`,
        receivedAt: Date.now(),
      });
      durations.push(now() - at);
      appended.push([event.seq, at]);
    }
    if (index < total) setTimeout(tick, 0);
    else {
      const cpu = process.cpuUsage(cpuBefore);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      process.send({ type: "appended", appended, durations, seconds: (now() - started) / 1e9, cpuSeconds });
    }
  };
  tick();
}

function now() {
  return Number(process.hrtime.bigint());
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer ${base}/api/health within 60 s`);
}
