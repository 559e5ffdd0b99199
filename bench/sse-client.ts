import http from "node:http";
import { createParser } from "eventsource-parser";

/** An open event stream: every message's `id` with the monotonic time (ns) it was dispatched. */
export interface SseConnection {
  received: { id: number; at: number }[];
  /** Resolves when a message with this id has arrived. */
  waitFor(id: number, timeoutMs: number): Promise<void>;
  close(): void;
}

/**
 * A minimal EventSource over node:http (the `eventsource` package is not installed): a GET
 * with `Accept: text/event-stream`, the body fed to eventsource-parser (the parser the
 * `eventsource` package itself uses), each dispatched message timed with `process.hrtime`.
 * Resolves once the response headers are in.
 */
export function openEventStream(url: string, headers: Record<string, string>): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const received: SseConnection["received"] = [];
    const waiters = new Map<number, () => void>();
    const parser = createParser({
      onEvent: (message) => {
        const at = Number(process.hrtime.bigint());
        const id = Number(message.id);
        received.push({ id, at });
        waiters.get(id)?.();
      },
    });
    const request = http.get(url, { headers: { accept: "text/event-stream", ...headers } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET ${url}: ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => parser.feed(chunk));
      resolve({
        received,
        waitFor: (id, timeoutMs) =>
          received.some((message) => message.id === id)
            ? Promise.resolve()
            : new Promise((done, fail) => {
                const timer = setTimeout(
                  () => fail(new Error(`no event ${id} within ${timeoutMs} ms`)),
                  timeoutMs,
                );
                waiters.set(id, () => {
                  clearTimeout(timer);
                  done();
                });
              }),
        close: () => request.destroy(),
      });
    });
    request.on("error", reject);
  });
}
