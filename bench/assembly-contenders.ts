/**
 * The three ways to turn a stream's bytes into an assembled message, each reading the same
 * chunks from a `ReadableStream` (as a response body is read): ours (our SSE decoder + our
 * fold), the official SDK's accumulator over a `Response`, and the floor (SSE split + JSON.parse).
 */
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { createAnthropicStreamState, reduceAnthropicEventInPlace } from "@/lib/protocol/anthropic/assemble";
import {
  createOpenAIChatStreamState,
  reduceOpenAIChatEventInPlace,
} from "@/lib/protocol/openai-chat/assemble";
import { createSseDecoder, type SseEvent } from "@/lib/protocol/sse";
import type { BenchStream } from "./assembly-streams";

/** Assembles a stream from its chunks; returns the final message or completion. */
export type Contender = (chunks: readonly Uint8Array[]) => Promise<unknown>;

/** The chunks as a response body: a fresh `ReadableStream` each time. */
export function createBody(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/** `bytes` cut into chunks of `size` bytes. */
export function splitIntoChunks(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

/** Ours: `createSseDecoder` (eventsource-parser) feeding the in-place fold, as the providers' assembling tap does. */
export function createOursContender(provider: BenchStream["provider"]): Contender {
  return async (chunks) => {
    if (provider === "anthropic") {
      let state = createAnthropicStreamState();
      await decodeBody(chunks, (event) => (state = reduceAnthropicEventInPlace(state, event)));
      return state.message;
    }
    let state = createOpenAIChatStreamState();
    await decodeBody(chunks, (event) => (state = reduceOpenAIChatEventInPlace(state, event)));
    return state.completion;
  };
}

async function decodeBody(chunks: readonly Uint8Array[], onEvent: (event: SseEvent) => void): Promise<void> {
  const decoder = createSseDecoder(onEvent);
  await readBody(createBody(chunks), (chunk) => decoder.feed(chunk));
  decoder.end();
}

/** Reads a body chunk by chunk, as `for await` over a response body does. */
export async function readBody(
  body: ReadableStream<Uint8Array>,
  onChunk: (chunk: Uint8Array) => void,
): Promise<void> {
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) onChunk(next.value);
}

/**
 * The SDK's accumulator on a `Response` over the same chunks: Anthropic's `messages.stream()`
 * (`MessageStream`, `finalMessage()`), OpenAI's `chat.completions.stream()`
 * (`ChatCompletionStream`, `finalChatCompletion()`). Each call builds its request as a real one
 * does (a fixed cost per stream, reported apart); the client is made once.
 */
export function createSdkContender(provider: BenchStream["provider"]): Contender {
  let body: ReadableStream<Uint8Array> | null = null;
  const fetch = async () => new Response(body, { headers: { "content-type": "text/event-stream" } });
  if (provider === "anthropic") {
    const client = new Anthropic({ apiKey: "bench", maxRetries: 0, fetch });
    return async (chunks) => {
      body = createBody(chunks);
      const stream = client.messages.stream({
        model: "m",
        max_tokens: 16,
        messages: [{ role: "user", content: "hi" }],
      });
      return stream.finalMessage();
    };
  }
  const client = new OpenAI({ apiKey: "bench", maxRetries: 0, fetch });
  return async (chunks) => {
    body = createBody(chunks);
    const stream = client.chat.completions.stream({
      model: "m",
      messages: [{ role: "user", content: "hi" }],
    });
    return stream.finalChatCompletion();
  };
}

/**
 * The floor: what any consumer must do — decode UTF-8, split messages at blank lines, join their
 * `data:` lines and `JSON.parse` each (OpenAI's `[DONE]` is not JSON) — and nothing else.
 * Returns how many messages it read. LF line ends only (the streams here use LF).
 */
export const floorContender: Contender = async (chunks) => {
  const decoder = new TextDecoder();
  let buffer = "";
  let count = 0;
  await readBody(createBody(chunks), (chunk) => {
    buffer += decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n", start)) {
      const data = readData(buffer.slice(start, end));
      if (data !== "[DONE]") JSON.parse(data);
      count += 1;
      start = end + 2;
    }
    buffer = buffer.slice(start);
  });
  return count;
};

function readData(message: string): string {
  let data = "";
  for (const line of message.split("\n")) {
    if (!line.startsWith("data:")) continue;
    const value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
    data = data === "" ? value : `${data}\n${value}`;
  }
  return data;
}
