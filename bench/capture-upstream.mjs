// The upstream of the capture benchmark (bench/capture.bench.ts starts it with `fork`): a model API
// in Anthropic's wire format on its own process. `POST /v1/messages` with `stream: true` streams
// `events` text deltas at `rate` events per second, each stamped with `process.hrtime` (shared by
// every process on the machine) the moment it is written; without `stream` it answers one small
// message at once. Prints its port on stdout.
import http from "node:http";

const sse = (event, data) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const MESSAGE = {
  id: "msg_bench",
  type: "message",
  role: "assistant",
  model: "bench",
  content: [],
  stop_reason: null,
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
};

function stream(response, rate, events) {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  response.write(sse("message_start", { type: "message_start", message: MESSAGE }));
  response.write(
    sse("content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: { type: "text", text: "" },
    }),
  );
  const started = process.hrtime.bigint();
  let sent = 0;
  const tick = () => {
    const due = Math.min(events, Math.floor((Number(process.hrtime.bigint() - started) / 1e9) * rate) + 1);
    for (; sent < due; sent++) {
      const sentAt = Number(process.hrtime.bigint() / 1000n);
      response.write(
        sse("content_block_delta", {
          type: "content_block_delta",
          index: 0,
          delta: { type: "text_delta", text: "x" },
          sentAt,
        }),
      );
    }
    if (sent < events) return void setTimeout(tick, 1);
    response.write(sse("content_block_stop", { type: "content_block_stop", index: 0 }));
    response.write(
      sse("message_delta", {
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        usage: { output_tokens: events },
      }),
    );
    response.end(sse("message_stop", { type: "message_stop" }));
  };
  tick();
}

const server = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    const parsed = JSON.parse(body || "{}");
    if (parsed.stream)
      return stream(response, Number(parsed.metadata?.rate ?? 2000), Number(parsed.metadata?.events ?? 1000));
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({ ...MESSAGE, content: [{ type: "text", text: "ok" }], stop_reason: "end_turn" }),
    );
  });
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
