/**
 * Large streams (~3,000 SSE events) built from the real wire fixtures (fixtures/wire/):
 * the fixture's own event lines, repeated. Only `"index":N` is rewritten where a block or a
 * tool call is repeated under a new index; every other byte is the fixture's.
 */
import { decodeSse, type SseEvent } from "@/lib/protocol/sse";
import { readAnthropicFixtureEvents, readFixtureText } from "@/lib/protocol/testing/fixtures";

/** A stream to assemble: its bytes and how many SSE messages they hold. */
export interface BenchStream {
  name: string;
  provider: "anthropic" | "openai-chat";
  bytes: Uint8Array;
  events: number;
}

const TARGET = 3_000;

function encodeSse(events: readonly SseEvent[]): Uint8Array {
  const text = events
    .map(({ event, data }) => `${event === null ? "" : `event: ${event}\n`}data: ${data}\n\n`)
    .join("");
  return new TextEncoder().encode(text);
}

function reindex(event: SseEvent, index: number): SseEvent {
  return { event: event.event, data: event.data.replace(/"index":\s*\d+/, `"index":${index}`) };
}

const readEventType = (event: SseEvent) => (JSON.parse(event.data) as { type: string }).type;

/** `anthropic-docs-stream-tool-use.sse` (the documented stream): its text deltas cycled into one long text block, then its tool_use block. */
function buildAnthropicLongText(): BenchStream {
  const events = readAnthropicFixtureEvents("anthropic-docs-stream-tool-use.sse").events;
  const firstStop = events.findIndex((e) => readEventType(e) === "content_block_stop");
  const head = events.slice(0, firstStop).filter((e) => !isTextDelta(e));
  const deltas = events.slice(0, firstStop).filter(isTextDelta);
  const tail = events.slice(firstStop);
  const body: SseEvent[] = [];
  for (let i = 0; head.length + body.length + tail.length < TARGET; i++)
    body.push(deltas[i % deltas.length]!);
  const all = [...head, ...body, ...tail];
  return {
    name: "long text: 1 text block, ~3k text_deltas, 1 tool_use",
    provider: "anthropic",
    bytes: encodeSse(all),
    events: all.length,
  };
}

function isTextDelta(event: SseEvent): boolean {
  return event.data.includes('"text_delta"');
}

/** `anthropic-stream-tool-use.sse` (recorded): its text and tool_use blocks repeated under fresh indexes. */
function buildAnthropicManyBlocks(): BenchStream {
  const events = readAnthropicFixtureEvents("anthropic-stream-tool-use.sse").events;
  const start = events[0]!;
  const end = events.filter((e) => ["message_delta", "message_stop"].includes(readEventType(e)));
  const blocks = events.slice(1, -end.length);
  const body: SseEvent[] = [];
  for (let round = 0; body.length + blocks.length + 1 + end.length <= TARGET; round++) {
    for (const event of blocks) {
      const index = (JSON.parse(event.data) as { index?: number }).index;
      body.push(index === undefined ? event : reindex(event, round * 2 + index));
    }
  }
  const all = [start, ...body, ...end];
  return {
    name: "many blocks: text + tool_use pairs repeated",
    provider: "anthropic",
    bytes: encodeSse(all),
    events: all.length,
  };
}

interface ChatChunk {
  choices: { delta?: { tool_calls?: { index: number; function?: { arguments?: string } }[] } }[];
}

function readChatFixture(name: string) {
  const events = decodeSse(readFixtureText(name)).events;
  const parsed = (e: SseEvent) => (e.data === "[DONE]" ? null : (JSON.parse(e.data) as ChatChunk));
  const isToolChunk = (e: SseEvent) => parsed(e)?.choices[0]?.delta?.tool_calls !== undefined;
  const first = events.findIndex(isToolChunk);
  const last = events.length - 1 - [...events].reverse().findIndex(isToolChunk);
  return { head: events.slice(0, first), tools: events.slice(first, last + 1), tail: events.slice(last + 1) };
}

/** `openai-chat-stream-parallel-tools.sse` (recorded): its two tool calls repeated under fresh indexes. */
function buildChatManyCalls(): BenchStream {
  const { head, tools, tail } = readChatFixture("openai-chat-stream-parallel-tools.sse");
  const body: SseEvent[] = [];
  for (let round = 0; head.length + body.length + tools.length + tail.length <= TARGET; round++) {
    for (const event of tools) {
      const index = (JSON.parse(event.data) as ChatChunk).choices[0]!.delta!.tool_calls![0]!.index;
      body.push(reindexToolCall(event, round * 2 + index));
    }
  }
  const all = [...head, ...body, ...tail];
  return {
    name: "many calls: 2 tool calls repeated",
    provider: "openai-chat",
    bytes: encodeSse(all),
    events: all.length,
  };
}

/** The tool call's `index` (inside `tool_calls`), not the choice's. */
function reindexToolCall(event: SseEvent, index: number): SseEvent {
  return {
    event: event.event,
    data: event.data.replace(/"tool_calls":\[\{"index":\d+/, `"tool_calls":[{"index":${index}`),
  };
}

/**
 * `openai-chat-stream-tool-call.sse` (recorded): one tool call whose argument chunks are cycled
 * into a long JSON array of the fixture's object (`[` + `{…}` + `, ` + … + `]`: three chunks
 * are ours, the array's brackets and commas, rewritten from a fixture chunk).
 */
function buildChatLongArguments(): BenchStream {
  const { head, tools, tail } = readChatFixture("openai-chat-stream-tool-call.sse");
  const [open, ...fragments] = tools;
  const withArguments = (template: SseEvent, text: string): SseEvent => ({
    event: template.event,
    data: template.data.replace(/"arguments":"(?:[^"\\]|\\.)*"/, `"arguments":${JSON.stringify(text)}`),
  });
  const body: SseEvent[] = [open!, withArguments(fragments[0]!, "[")];
  while (head.length + body.length + fragments.length + 1 + tail.length < TARGET) {
    if (body.length > 2) body.push(withArguments(fragments[0]!, ", "));
    body.push(...fragments);
  }
  body.push(withArguments(fragments[0]!, "]"));
  const all = [...head, ...body, ...tail];
  return {
    name: "long arguments: 1 tool call, ~3k fragments",
    provider: "openai-chat",
    bytes: encodeSse(all),
    events: all.length,
  };
}

/** The four streams of the assembly benchmark. */
export function buildBenchStreams(): BenchStream[] {
  return [
    buildAnthropicLongText(),
    buildAnthropicManyBlocks(),
    buildChatLongArguments(),
    buildChatManyCalls(),
  ];
}
