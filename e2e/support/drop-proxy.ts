import net from "node:net";

/** A request head the proxy saw go by: its method, path and lower-cased headers. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/**
 * A TCP proxy in front of the server that passes bytes through untouched, notes every request
 * head it forwards, and can cut every open connection at once — the way a network drop or a
 * sleeping laptop does, which no browser API can fake. New connections keep working.
 */
export interface DropProxy {
  origin: string;
  seen: SeenRequest[];
  /** Destroys every open connection, both sides; returns how many client connections it cut. */
  dropAll(): number;
  close(): Promise<void>;
}

const REQUEST_HEAD = /(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\S+) HTTP\/1\.1\r\n([\s\S]*?)\r\n\r\n/g;

/** Reads the request heads in a chunk of client bytes (a head arrives whole in one chunk here). */
function readRequestHeads(text: string): SeenRequest[] {
  return [...text.matchAll(REQUEST_HEAD)].map((match) => ({
    method: match[1]!,
    path: match[2]!,
    headers: Object.fromEntries(
      match[3]!.split("\r\n").map((line) => {
        const colon = line.indexOf(":");
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }),
    ),
  }));
}

/** Listens on 127.0.0.1:`port` and forwards to 127.0.0.1:`targetPort`. */
export function startDropProxy(port: number, targetPort: number): Promise<DropProxy> {
  const seen: SeenRequest[] = [];
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    const pair = { client, upstream };
    pairs.add(pair);
    client.on("data", (chunk: Buffer) => seen.push(...readRequestHeads(chunk.toString("latin1"))));
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end);
    upstream.on("close", end);
    client.on("error", end);
    upstream.on("error", end);
  });
  const dropAll = () => {
    const open = [...pairs];
    for (const pair of open) {
      pairs.delete(pair);
      // A reset, as a dropped network gives, rather than an orderly close.
      pair.client.resetAndDestroy();
      pair.upstream.destroy();
    }
    return open.length;
  };
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        origin: `http://127.0.0.1:${port}`,
        seen,
        dropAll,
        close() {
          dropAll();
          return new Promise((done) => server.close(() => done()));
        },
      }),
    );
  });
}
