import { deepStrictEqual, strictEqual } from "node:assert";
import { performance } from "node:perf_hooks";
import { it } from "vitest";
import {
  createOursContender,
  createSdkContender,
  floorContender,
  splitIntoChunks,
  type Contender,
} from "./assembly-contenders";
import { buildBenchStreams, type BenchStream } from "./assembly-streams";
import { profileCpu, summarizeProfile } from "./cpu-profile";
import { isProfiling, recordSection, reportProgress, roundTo, summarize } from "./results";

/**
 * Stream assembly, events per second: ours vs each SDK's own accumulator vs the floor, on the
 * same bytes read from the same chunks. Goal: ours ≥ 2× the SDK and ≤ 1.5× the floor's time.
 */
const CHUNK_BYTES = 4096;
const WARMUP = 5;
const ROUNDS = 30;

/** Through JSON, without the SDKs' helper fields (`parsed_output`, `message.parsed`). */
function normalize(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, field: unknown) =>
      key === "parsed_output" || key === "parsed" ? undefined : field,
    ),
  );
}

/** Ours and the SDK must assemble the same thing, and the floor read every message, or the race means nothing. */
async function checkAgreement(stream: BenchStream, chunks: Uint8Array[]) {
  const ours = normalize(await createOursContender(stream.provider)(chunks));
  const sdk = normalize(await createSdkContender(stream.provider)(chunks));
  deepStrictEqual(ours, sdk, `${stream.provider} ${stream.name}: ours and the SDK disagree`);
  strictEqual(
    await floorContender(chunks),
    stream.events,
    `${stream.name}: the floor read a different count`,
  );
}

/** Median ms of each contender, rounds interleaved so a busy moment hits all of them alike. */
async function race(contenders: Record<string, Contender>, chunks: Uint8Array[]) {
  const samples = Object.fromEntries(Object.keys(contenders).map((name) => [name, [] as number[]]));
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (const [name, contender] of Object.entries(contenders)) {
      const started = performance.now();
      await contender(chunks);
      if (round >= WARMUP) samples[name]!.push(performance.now() - started);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, summarize(list).median]));
}

/** A stream with no content: what the SDK spends per stream whatever its length (building the request). */
function tinyStream(provider: BenchStream["provider"]): Uint8Array[] {
  const text =
    provider === "anthropic"
      ? 'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}}\n\nevent: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":1}}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n'
      : 'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
  return [new TextEncoder().encode(text)];
}

it("stream assembly: ours vs the SDKs vs the floor", async () => {
  const rows = [];
  for (const stream of buildBenchStreams()) {
    reportProgress(`assembly: ${stream.provider}, ${stream.name}`);
    const chunks = splitIntoChunks(stream.bytes, CHUNK_BYTES);
    await checkAgreement(stream, chunks);
    const contenders = {
      floor: floorContender,
      ours: createOursContender(stream.provider),
      sdk: createSdkContender(stream.provider),
    };
    const ms = await race(contenders, chunks);
    const perEvent = await race(contenders, eventChunks(stream));
    const sdkFixedMs = (await race({ sdk: contenders.sdk }, tinyStream(stream.provider))).sdk!;
    const rate = (time: number) => stream.events / (time / 1000);
    const speedVsSdk = ms.sdk! / ms.ours!;
    const costVsFloor = ms.ours! / ms.floor!;
    const sdkName = stream.provider === "anthropic" ? "MessageStream" : "ChatCompletionStream";
    rows.push({
      what: `assembly ${stream.provider} — ${stream.name} (${stream.events} events)`,
      result: `ours ${formatRate(rate(ms.ours!))} · ${sdkName} ${formatRate(rate(ms.sdk!))} · floor ${formatRate(rate(ms.floor!))} → ${speedVsSdk.toFixed(2)}× the SDK, ${costVsFloor.toFixed(2)}× the floor's time`,
      goal: "≥ 2× SDK, ≤ 1.5× floor",
      met: speedVsSdk >= 2 && costVsFloor <= 1.5,
      figures: {
        events: stream.events,
        bytes: stream.bytes.length,
        chunkBytes: CHUNK_BYTES,
        oursMs: roundTo(ms.ours!, 3),
        sdkMs: roundTo(ms.sdk!, 3),
        floorMs: roundTo(ms.floor!, 3),
        oursEventsPerSecond: Math.round(rate(ms.ours!)),
        sdkEventsPerSecond: Math.round(rate(ms.sdk!)),
        floorEventsPerSecond: Math.round(rate(ms.floor!)),
        speedVsSdk: roundTo(speedVsSdk),
        costVsFloor: roundTo(costVsFloor),
        sdkFixedMsPerStream: roundTo(sdkFixedMs, 3),
        perEventChunks_speedVsSdk: roundTo(perEvent.sdk! / perEvent.ours!),
        perEventChunks_costVsFloor: roundTo(perEvent.ours! / perEvent.floor!),
      },
    });
  }
  const profile = isProfiling() ? await profileOurs() : undefined;
  recordSection("assembly", rows, {
    notes: [
      `All three read the same bytes as ${CHUNK_BYTES}-byte chunks from a ReadableStream; median of ${ROUNDS} interleaved rounds after ${WARMUP} warm-up rounds.`,
      "Ours = createSseDecoder (eventsource-parser) + reduceAnthropicEvent / reduceOpenAIChatEvent; SDK = client.messages.stream().finalMessage() / client.chat.completions.stream().finalChatCompletion() over a Response of the same body; floor = UTF-8 decode + split at blank lines + JSON.parse of each data.",
      "Before timing, ours and the SDK are checked to assemble identical messages (SDK helper fields dropped) and the floor to read every message.",
      "sdkFixedMsPerStream: the SDK's time for a 3-event stream (request building etc.), included in its rate. perEventChunks_*: the same ratios with one SSE message per chunk, as a slow live stream arrives.",
    ],
    profile,
  });
});

/** `--profile`: ours on each stream, 60 times, under the profiler (bench/profiles/assembly-N.cpuprofile). */
async function profileOurs() {
  const summaries: Record<string, unknown> = {};
  for (const [index, stream] of buildBenchStreams().entries()) {
    const chunks = splitIntoChunks(stream.bytes, CHUNK_BYTES);
    const ours = createOursContender(stream.provider);
    const { profile } = await profileCpu(`assembly-${index + 1}`, async () => {
      for (let round = 0; round < 60; round++) await ours(chunks);
    });
    summaries[`${stream.provider} ${stream.name}`] = summarizeProfile(profile, { top: 20 });
  }
  return summaries;
}

/** One chunk per SSE message, as a slow live stream arrives. */
function eventChunks(stream: BenchStream): Uint8Array[] {
  const text = new TextDecoder().decode(stream.bytes);
  const encoder = new TextEncoder();
  return text
    .split("\n\n")
    .filter((part) => part !== "")
    .map((part) => encoder.encode(`${part}\n\n`));
}

function formatRate(eventsPerSecond: number): string {
  return eventsPerSecond >= 1e6
    ? `${(eventsPerSecond / 1e6).toFixed(2)} M ev/s`
    : `${Math.round(eventsPerSecond / 1000)} k ev/s`;
}
