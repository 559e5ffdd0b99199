/**
 * The real providers over a real socket: a local HTTP server on 127.0.0.1 replays the recorded
 * wire fixtures as SSE, reached through each provider's `baseURL` (as an Ollama, vLLM or LM Studio
 * server would be). The assembled turn equals MANIFEST.json's expected result. No live network.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { readManifest, readTerminatedFixtureBytes } from "@/lib/protocol/testing/fixtures";
import type { ProviderConfig } from "@/lib/trace/config";
import { createProviderFactories } from "./registry";
import type { AttemptFailure, ModelTurn, TappedEvent } from "./types";

const FIXTURES: Record<string, string> = {
  "/v1/messages": "anthropic-stream-tool-use.sse",
  "/v1/chat/completions": "openai-chat-stream-parallel-tools.sse",
  "/v1/responses": "openai-responses-stream-function-call.sse",
};

interface Received {
  path: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
}

let server: http.Server;
let baseURL: string;
const received: Received[] = [];
/** Paths whose next request answers 429 first (then the fixture, on the SDK's retry). */
const rateLimitOnce = new Set<string>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => {
      const path = request.url ?? "";
      received.push({ path, body: JSON.parse(text || "{}"), authorization: request.headers.authorization });
      const fixture = FIXTURES[path];
      if (request.method !== "POST" || !fixture) {
        response
          .writeHead(404, { "content-type": "application/json" })
          .end('{"error":{"message":"not found"}}');
      } else if (rateLimitOnce.delete(path)) {
        response
          .writeHead(429, { "content-type": "application/json", "retry-after": "0" })
          .end(
            '{"error":{"message":"slow down","type":"requests","code":"rate_limit_exceeded","param":null}}',
          );
      } else {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.end(Buffer.from(readTerminatedFixtureBytes(fixture)));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Recording {
  turn: ModelTurn;
  attempts: number[];
  statuses: number[];
  events: TappedEvent[];
  failures: AttemptFailure[];
}

/** One turn through the registry's real provider for `config`, with no key held. */
async function streamTurn(config: ProviderConfig): Promise<Recording> {
  const providers = createProviderFactories({ readKey: () => null });
  expect(providers.check(config)).toBeNull();
  const provider = providers.create(config, { clock: createVirtualClock(0, { autoAdvance: true }) });
  const body = provider.buildRequest({
    system: "",
    tools: [],
    messages: [{ role: "user", content: [{ type: "text", text: "What's the weather?" }] }],
  });
  const recording: Omit<Recording, "turn"> = { attempts: [], statuses: [], events: [], failures: [] };
  const turn = await provider.stream(
    body,
    {
      turn: 1,
      onAttempt: (attempt) => recording.attempts.push(attempt),
      onResponse: ({ status }) => recording.statuses.push(status),
      onEvent: (event) => void recording.events.push(event),
      onAttemptError: (failure) => recording.failures.push(failure),
    },
    new AbortController().signal,
  );
  return { ...recording, turn };
}

const manifest = readManifest();

describe(
  "the real providers against a local server replaying the recorded fixtures",
  { timeout: 30_000 },
  () => {
    it("openai-chat assembles the parallel tool calls exactly as recorded", async () => {
      const { turn, events, attempts, statuses } = await streamTurn({
        kind: "openai-chat",
        baseURL: `${baseURL}/v1`,
      });
      const expected = manifest["openai-chat-stream-parallel-tools.sse"]!.expected as unknown as {
        sse_events: number;
        usage: Record<string, unknown>;
        choices: {
          finish_reason: string;
          tool_calls: {
            id: string;
            type: string;
            name: string;
            arguments: string;
            parsed_arguments: unknown;
          }[];
        }[];
      };
      expect([attempts, statuses, events.length]).toEqual([[1], [200], expected.sse_events]);
      expect(events.every((e) => e.event === null)).toBe(true);
      const calls = expected.choices[0]!.tool_calls;
      const completion = turn.message as {
        choices: { message: { tool_calls: unknown[] }; finish_reason: string }[];
        usage: unknown;
      };
      expect(completion.choices[0]!.finish_reason).toBe(expected.choices[0]!.finish_reason);
      expect(completion.usage).toEqual(expected.usage);
      expect(completion.choices[0]!.message.tool_calls).toEqual(
        calls.map((call) =>
          expect.objectContaining({
            id: call.id,
            type: call.type,
            function: expect.objectContaining({ name: call.name, arguments: call.arguments }),
          }),
        ),
      );
      expect(turn.unified.content).toEqual(
        calls.map((call) => ({
          type: "toolCall",
          id: call.id,
          name: call.name,
          arguments: call.parsed_arguments,
          rawArguments: call.arguments,
        })),
      );
      expect([turn.stopReason, turn.usage]).toEqual([
        { unified: "tool_use", raw: "tool_calls" },
        { inputTokens: 149, outputTokens: 60 },
      ]);
      const sent = received.filter((r) => r.path === "/v1/chat/completions").at(-1)!;
      expect(sent.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      expect(sent.authorization).toBe("Bearer no-key-needed");
    });

    it("openai-responses assembles the function call exactly as recorded", async () => {
      const { turn, events } = await streamTurn({ kind: "openai-responses", baseURL: `${baseURL}/v1` });
      const expected = manifest["openai-responses-stream-function-call.sse"]!.expected as unknown as {
        event_names: string[];
        final_response: {
          id: string;
          status: string;
          output: { call_id: string; name: string; arguments: string }[];
          usage: unknown;
        };
      };
      expect(events.map((e) => e.event)).toEqual(expected.event_names);
      expect(turn.message).toMatchObject({
        id: expected.final_response.id,
        status: expected.final_response.status,
        output: expected.final_response.output,
        usage: expected.final_response.usage,
      });
      const [call] = expected.final_response.output;
      expect(turn.unified.content).toEqual([
        {
          type: "toolCall",
          id: call!.call_id,
          name: call!.name,
          arguments: JSON.parse(call!.arguments),
          rawArguments: call!.arguments,
        },
      ]);
      expect([turn.stopReason, turn.usage]).toEqual([
        { unified: "tool_use", raw: "completed" },
        { inputTokens: 74, outputTokens: 20 },
      ]);
      expect(received.filter((r) => r.path === "/v1/responses").at(-1)!.body).toMatchObject({ stream: true });
    });

    it("anthropic assembles the text and tool_use exactly as recorded", async () => {
      const { turn, events } = await streamTurn({ kind: "anthropic", baseURL });
      const expected = manifest["anthropic-stream-tool-use.sse"]!.expected;
      expect(events.map((e) => e.event)).toEqual(expected.event_names);
      const [text, tool] = expected.content as [
        { text: string },
        { id: string; name: string; input: unknown; accumulated_partial_json: string },
      ];
      expect(turn.message).toMatchObject({
        ...expected.message,
        content: [
          { type: "text", text: text.text },
          { type: "tool_use", id: tool.id, name: tool.name, input: tool.input },
        ],
      });
      expect(turn.unified.content).toEqual([
        { type: "text", text: text.text },
        {
          type: "toolCall",
          id: tool.id,
          name: tool.name,
          arguments: tool.input,
          rawArguments: tool.accumulated_partial_json,
        },
      ]);
    });

    it.each([
      ["openai-chat", "/v1/chat/completions"],
      ["openai-responses", "/v1/responses"],
    ] as const)(
      "%s: a 429 over the socket is attempt 1 with its body; the SDK's retry is attempt 2",
      async (kind, path) => {
        rateLimitOnce.add(path);
        const { attempts, statuses, failures, turn } = await streamTurn({ kind, baseURL: `${baseURL}/v1` });
        expect([attempts, statuses]).toEqual([
          [1, 2],
          [429, 200],
        ]);
        expect(failures).toEqual([
          {
            source: "http",
            status: 429,
            message: "HTTP 429 (the SDK retries after 0 ms): slow down",
            body: '{"error":{"message":"slow down","type":"requests","code":"rate_limit_exceeded","param":null}}',
          },
        ]);
        expect(turn.stopReason.unified).toBe("tool_use");
      },
    );
  },
);
