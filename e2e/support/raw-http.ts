import http from "node:http";

/**
 * Plain HTTP requests with full control of the headers (a spoofed or missing `Host`, any
 * `Origin`, no cookie jar) for the security specs, and the token-leak check every response passes.
 */

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  port: number;
  method?: string;
  path: string;
  /** Sent as given; `host: null` sends no Host header at all. */
  headers?: Record<string, string | null>;
  body?: string | Buffer;
  /** Send the body with chunked transfer encoding (no Content-Length). */
  chunked?: boolean;
  /** Stop reading after this many bytes (an event stream never ends by itself). */
  maxBytes?: number;
  /** Stop reading once the body read so far satisfies this (e.g. an event stream's backlog is in). */
  until?: (body: string) => boolean;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** Sends one request to 127.0.0.1:<port> and reads the whole answer (or `maxBytes` of it). */
export function sendRaw(request: RawRequest): Promise<RawResponse> {
  const headers: Record<string, string> = {};
  let sendHost = true;
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (name.toLowerCase() === "host" && value === null) sendHost = false;
    else if (value !== null) headers[name] = value;
  }
  if (sendHost && !Object.keys(headers).some((name) => name.toLowerCase() === "host"))
    headers.host = `127.0.0.1:${request.port}`;
  if (request.body !== undefined && !request.chunked)
    headers["content-length"] = String(Buffer.byteLength(request.body));
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port: request.port,
        method: request.method ?? "GET",
        path: request.path,
        headers,
        agent,
        setHost: false,
      },
      (incoming) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (request.maxBytes !== undefined && size >= request.maxBytes) incoming.destroy();
          else if (request.until?.(Buffer.concat(chunks).toString("utf8"))) incoming.destroy();
        });
        const finish = () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        incoming.on("end", finish);
        incoming.on("close", finish);
        incoming.on("error", finish);
      },
    );
    // A server that answers 413 before reading the body may close the socket while we still write.
    outgoing.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (request.body !== undefined) {
      if (request.chunked) {
        const body = Buffer.from(request.body);
        for (let offset = 0; offset < body.length; offset += 64 * 1024)
          outgoing.write(body.subarray(offset, offset + 64 * 1024));
      } else outgoing.write(request.body);
    }
    outgoing.end();
  });
}

/** Everything a response could carry the token in: status line aside, its headers and body. */
export function findToken(response: RawResponse, token: string): string[] {
  const places: string[] = [];
  for (const [name, value] of Object.entries(response.headers))
    if (String(value).includes(token)) places.push(`header ${name}`);
  if (response.body.includes(token)) places.push("body");
  if (token.length > 8 && response.body.includes(encodeURIComponent(token)))
    places.push("body (URL-encoded)");
  return places;
}
