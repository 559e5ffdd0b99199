// A second process for the Postgres concurrency tests: loads the real PostgresEventStore through
// Vite's SSR loader (the TypeScript source, as the tests see it) and appends to the sessions
// named, in turns, as fast as it can. Prints one JSON line: the seqs it was given, by session.
// argv: url instanceName sessions(comma-separated) appendsPerSession
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const [url, name, sessionList, countText] = process.argv.slice(2);
const server = await createServer({
  root,
  configFile: false,
  logLevel: "error",
  appType: "custom",
  // No HMR socket (it would take a fixed port), no file watching: a loader only.
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  resolve: {
    alias: [
      { find: "server-only", replacement: path.join(root, "lib/testing/server-only-stub.ts") },
      { find: /^@\//, replacement: `${root}/` },
    ],
  },
});
try {
  const { PostgresEventStore } = await server.ssrLoadModule("/lib/store/pg/store.ts");
  const { EventBus } = await server.ssrLoadModule("/lib/store/bus.ts");
  const { createRedactor } = await server.ssrLoadModule("/lib/store/redact.ts");
  const store = new PostgresEventStore(url, new EventBus(), createRedactor([]));
  const sessions = sessionList.split(",");
  const seqs = Object.fromEntries(sessions.map((id) => [id, []]));
  // Every writer is ready: the test sends a line to all of them at once.
  process.stdout.write("ready\n");
  await new Promise((resolve) => process.stdin.once("data", resolve));
  for (let i = 0; i < Number(countText); i++)
    for (const id of sessions)
      seqs[id].push(store.append(id, { kind: "user.message", turn: 1, text: `${name} ${i}` }).seq);
  store.close();
  process.stdout.write(`${JSON.stringify(seqs)}\n`);
} finally {
  await server.close();
}
