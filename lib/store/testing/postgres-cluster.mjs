// A throwaway Postgres cluster (the store tests, lib/store/testing/postgres.ts, and
// `npm run load -- --database postgres`): initdb in a temp folder, a server on a Unix socket in
// that folder only (no TCP port, so runs never collide), stopped and removed by `stop()`.
// Postgres refuses to run as root, so as root it runs as the `postgres` system user (or `nobody`).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/** The folder of initdb, pg_ctl and postgres, or null when there is none. */
export function findPostgres() {
  const candidates = [process.env.TOOLSCOPE_PG_BIN ?? ""];
  const versions = "/usr/lib/postgresql";
  if (fs.existsSync(versions))
    for (const version of fs.readdirSync(versions).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(versions, version, "bin"));
  const onPath = spawnSync("sh", ["-c", "command -v pg_ctl"], { encoding: "utf8" }).stdout.trim();
  if (onPath) candidates.push(path.dirname(onPath));
  return candidates.find((dir) => dir && fs.existsSync(path.join(dir, "pg_ctl"))) ?? null;
}

/** Why the Postgres half of a suite is not run here, printed where it would have run. */
export const NO_POSTGRES_MESSAGE =
  "toolscope: no Postgres binaries (initdb, pg_ctl) found: the Postgres store tests are not run. " +
  "Install Debian's `postgresql` package or set TOOLSCOPE_PG_BIN; TOOLSCOPE_REQUIRE_POSTGRES=1 makes this a failure.";

/** The system user the server runs as when this process is root. */
function serverUser() {
  if (process.getuid?.() !== 0) return null;
  for (const name of ["postgres", "nobody"]) {
    const found = spawnSync("id", ["-u", name], { encoding: "utf8" });
    if (found.status !== 0) continue;
    const gid = Number(spawnSync("id", ["-g", name], { encoding: "utf8" }).stdout.trim());
    return { name, uid: Number(found.stdout.trim()), gid };
  }
  throw new Error("running as root, and neither the postgres nor the nobody user exists to run Postgres");
}

let databases = 0;

/** Starts a cluster; call `stop()` when done (an afterAll). */
export function startTestPostgres(bin) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-pg-"));
  const data = path.join(dir, "data");
  const user = serverUser();
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const run = (command, args) => {
    const [file, argv] = user
      ? ["runuser", ["-u", user.name, "--", path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    execFileSync(file, argv, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  };
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "-N"]);
  const options = `-k ${dir} -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "start"]);
  const url = (name) => `postgresql://postgres@localhost/${name}?host=${encodeURIComponent(dir)}`;
  return {
    url,
    async createDatabase() {
      const name = `t${process.pid}_${++databases}`;
      const admin = new pg.Client({ connectionString: url("postgres") });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
