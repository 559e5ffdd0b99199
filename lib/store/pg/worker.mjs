// The Postgres store's worker thread (lib/store/pg/bridge.ts): it owns the connections, so the
// main thread can wait for a query synchronously. One query connection runs the batches the
// main thread sends, one at a time; a second connection LISTENs and forwards notifications, and
// when it is lost (a restart of the server, a network cut, an administrator ending it) is opened
// again with a growing pause, LISTENs again, and says so, so the store can read what it missed.
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

/** The pause before the listener's first reconnect attempt, doubled after each failure up to the max. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** The channels LISTENed to, again on every new listener connection. */
const channels = new Set();
/** The listening connection; null while there is none (before the first listen, or while reconnecting). */
let listener = null;
let reconnect = null;
let reconnectMs = RECONNECT_MIN_MS;
let closing = false;

/** A connection that LISTENs to every channel and forwards their notifications to the main thread. */
async function openListener() {
  const client = new pg.Client({
    connectionString: url,
    application_name: "toolscope-listener",
    connectionTimeoutMillis: connectMs,
  });
  client.on("notification", (notification) => {
    parentPort.postMessage({ channel: notification.channel, payload: notification.payload });
  });
  client.on("error", (error) => lost(client, error.message));
  client.on("end", () => lost(client, "the connection ended"));
  try {
    await client.connect();
    for (const channel of channels) await client.query(`LISTEN ${channel}`);
  } catch (error) {
    client.end().catch(() => {});
    throw error;
  }
  return client;
}

/** The listener's connection broke: says so once and starts reconnecting. */
function lost(client, reason) {
  if (closing || listener !== client) return;
  listener = null;
  client.end().catch(() => {});
  parentPort.postMessage({ listenError: reason });
  scheduleReconnect();
}

function scheduleReconnect() {
  if (closing || reconnect !== null) return;
  reconnect = setTimeout(async () => {
    try {
      const client = await openListener();
      reconnect = null;
      if (closing) {
        client.end().catch(() => {});
        return;
      }
      listener = client;
      reconnectMs = RECONNECT_MIN_MS;
      parentPort.postMessage({ listenRestored: true });
    } catch {
      reconnect = null;
      reconnectMs = Math.min(reconnectMs * 2, RECONNECT_MAX_MS);
      scheduleReconnect();
    }
  }, reconnectMs);
}

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
      channels.add(message.channel);
      // While reconnecting, the new connection LISTENs to it with the others.
      if (reconnect !== null) return null;
      if (listener === null) listener = await openListener();
      else await listener.query(`LISTEN ${message.channel}`);
      return null;
    case "close":
      closing = true;
      if (reconnect !== null) clearTimeout(reconnect);
      await Promise.allSettled([current.client.end(), listener?.end()]);
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}
