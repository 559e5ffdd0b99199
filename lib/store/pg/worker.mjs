// The Postgres store's worker thread (lib/store/pg/bridge.ts): it owns the connections, so the
// main thread can wait for a query synchronously. One query connection runs the batches the
// main thread sends, one at a time; a second connection LISTENs and forwards notifications.
import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";
import { migrate } from "./migrations.mjs";

// BIGINT columns hold millisecond times and counts, all well inside a double's exact range.
pg.types.setTypeParser(20, (text) => Number(text));

const { url, port, flag } = workerData;
const done = new Int32Array(flag);
const client = new pg.Client({ connectionString: url });
const connected = client.connect();
// A failed connect is reported to the first batch, not as an unhandled rejection.
connected.catch(() => {});
let listener = null;

port.on("message", async (message) => {
  let reply;
  try {
    await connected;
    reply = { id: message.id, result: await handle(message) };
  } catch (error) {
    reply = { id: message.id, error: { message: error?.message ?? String(error), code: error?.code } };
  }
  port.postMessage(reply);
  Atomics.add(done, 0, 1);
  Atomics.notify(done, 0);
});

async function handle(message) {
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
      return migrate(client);
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
      await Promise.allSettled([client.end(), listener?.end()]);
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}
