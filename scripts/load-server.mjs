// The server under load for `npm run load`: `scripts/start.mjs` in a process group of its own
// (so stopping it stops `toolscope-server`, the process Next runs in, too), and its memory read from /proc (Linux).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** A process's state letter and group from `/proc/<pid>/stat`, or null when it is gone. */
function readStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0], pgid: Number(fields[2]) };
  } catch {
    return null;
  }
}

/** The pids of the running (not zombie) processes of group `pgid`. */
export function listGroupPids(pgid) {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      const stat = readStat(pid);
      return stat !== null && stat.state !== "Z" && stat.pgid === pgid;
    });
}

/**
 * A memory figure of a process from `/proc/<pid>/status` in bytes: `VmRSS` (now) or `VmHWM`
 * (the peak resident set since it started). Null when the process is gone.
 */
export function readMemory(pid, field) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The CPU time (user + system) a process has used so far, in seconds; null when it is gone. */
export function readCpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * How long the process's main thread (the JavaScript thread) has run on a CPU and waited for one
 * while runnable, in seconds, from `/proc/<pid>/schedstat`; null when unavailable. A long wait
 * says the machine, not the server, is the bottleneck.
 */
export function readSchedule(pid) {
  try {
    const [running, waiting] = fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ").map(Number);
    return { running: running / 1e9, waiting: waiting / 1e9 };
  } catch {
    return null;
  }
}

/**
 * Starts the app with `node scripts/start.mjs` (which builds first when the build is stale) on
 * `port`, with its own data dir and token (and `env` added to its environment). Resolves with its origin, the pid of the
 * `toolscope-server` process (whose memory is the server's), `stop()` and `output()` (all it printed).
 */
export function startServerGroup({ root, port, dataDir, token, env = {} }) {
  const child = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
    cwd: root,
    detached: true,
    env: { ...process.env, ...env, PORT: String(port), TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_TOKEN: token },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pgid = child.pid;
  const signal = (name) => {
    try {
      process.kill(-pgid, name);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    signal("SIGTERM");
    const escalate = setTimeout(() => signal("SIGKILL"), 10_000);
    while (listGroupPids(pgid).length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    clearTimeout(escalate);
  };
  let output = "";
  let ready = false;
  return new Promise((resolve, reject) => {
    // Until it is ready (a build can take minutes), show what start.mjs says.
    child.stderr.on("data", (chunk) => {
      output += chunk;
      if (!ready) process.stderr.write(chunk);
    });
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (!ready) process.stderr.write(chunk);
      const match = /Toolscope ready: (http:\/\/\S+)/.exec(output);
      if (!match || ready) return;
      ready = true;
      const serverPid = listGroupPids(pgid).find((pid) => {
        const name = fs.readFileSync(`/proc/${pid}/comm`, "utf8");
        return name.startsWith("toolscope-serv");
      });
      resolve({ origin: new URL(match[1]).origin, serverPid, stop, output: () => output });
    });
    child.on("exit", (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
}
