// The Postgres store's worker thread (lib/store/pg/bridge.ts): it owns the connections, so the
// main thread can wait for a query synchronously. One query connection runs the batches the
// main thread sends, one at a time; a second connection LISTENs and forwards notifications.
// The query connection has `lock_timeout` and `statement_timeout` set, so Postgres ends a call
// that waits too long; a connection that broke, or that the main thread gave up on (`reset`), is
// replaced for the next batch, and its server session ended if the server still answers.
import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";
import { migrate } from "./migrations.mjs";

// BIGINT columns hold millisecond times and counts, all well inside a double's exact range.
pg.types.setTypeParser(20, (text) => Number(text));

const { url, port, flag, lockMs, statementMs, connectMs } = workerData;
const done = new Int32Array(flag);
let listener = null;

/** A query connection: its client, its connect promise, its server pid once known, whether it broke. */
function openConnection() {
  const client = new pg.Client({
    connectionString: url,
    lock_timeout: lockMs,
    statement_timeout: statementMs,
    connectionTimeoutMillis: connectMs,
  });
  const connection = { client, pid: null, broken: false, connected: null };
  connection.connected = client.connect().then(async () => {
    const { rows } = await client.query("SELECT pg_backend_pid() AS pid");
    connection.pid = rows[0].pid;
  });
  // A failed connect is reported to the batch that waits for it, not as an unhandled rejection.
  connection.connected.catch(() => {
    connection.broken = true;
  });
  client.on("error", () => {
    connection.broken = true;
  });
  client.on("end", () => {
    connection.broken = true;
  });
  return connection;
}

let current = openConnection();

/** Replaces the query connection; ends the old one's server session (its locks, its transaction). */
function replaceConnection() {
  const old = current;
  current = openConnection();
  const stop = old.client.connection?.stream;
  stop?.destroy?.();
  old.client.end().catch(() => {});
  if (old.pid !== null) {
    const fresh = current;
    fresh.connected
      .then(() => fresh.client.query("SELECT pg_terminate_backend($1)", [old.pid]))
      .catch(() => {});
  }
}

port.on("message", async (message) => {
  if (message.op === "reset") {
    replaceConnection();
    return;
  }
  if (current.broken) replaceConnection();
  const connection = current;
  let reply;
  try {
    await connection.connected;
    reply = { id: message.id, result: await handle(message, connection.client) };
  } catch (error) {
    reply = { id: message.id, error: { message: error?.message ?? String(error), code: error?.code } };
  }
  port.postMessage(reply);
  Atomics.add(done, 0, 1);
  Atomics.notify(done, 0);
});

async function handle(message, client) {
  switch (message.op) {
    case "batch": {
      const results = [];
      for (const query of message.queries) {
        const result = await client.query({ text: query.text, values: query.values, rowMode: "array" });
        // A text of several statements returns one result each; the last one counts.
        const last = Array.isArray(result) ? result.at(-1) : result;
        results.push({ rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 });
      }
      return results;
    }
    case "migrate":
      // Instances starting together wait for each other's migrations: no lock timeout then.
      await client.query("SET lock_timeout = 0");
      try {
        return await migrate(client);
      } finally {
        await client.query("RESET lock_timeout");
      }
    case "listen":
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        await listener.connect();
        listener.on("notification", (notification) => {
          parentPort.postMessage({ channel: notification.channel, payload: notification.payload });
        });
        listener.on("error", (error) => parentPort.postMessage({ listenError: error.message }));
      }
      await listener.query(`LISTEN ${message.channel}`);
      return null;
    case "close":
      await Promise.allSettled([current.client.end(), listener?.end()]);
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}
