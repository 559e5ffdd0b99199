/**
 * Property: however the bytes of a recorded stream are cut into chunks (inside a line, a CRLF or
 * a multibyte character), incremental decoding plus the fold gives the same assembly — and the
 * fold never mutates a state it was given.
 */
import {
  assembleAnthropicStream,
  createAnthropicStreamState,
  reduceAnthropicEvent,
} from "@/lib/protocol/anthropic/assemble";
import {
  listAnthropicStreamFixtures,
  readAnthropicFixtureEvents,
  readFixtureBytes,
} from "@/lib/protocol/testing/fixtures";
import { describeRechunking } from "@/lib/protocol/testing/rechunk";

/** The `.jsonl` event list is not SSE; it is written out as SSE (`event:` = its `type`) for this test. */
function readStreamBytes(name: string): Uint8Array {
  if (!name.endsWith(".jsonl")) return readFixtureBytes(name);
  const text = readAnthropicFixtureEvents(name)
    .events.map(({ event, data }) => `event: ${event}\ndata: ${data}\n\n`)
    .join("");
  return new TextEncoder().encode(text);
}

describeRechunking({
  fixtures: listAnthropicStreamFixtures(),
  createState: createAnthropicStreamState,
  reduce: reduceAnthropicEvent,
  assemble: assembleAnthropicStream,
  readBytes: readStreamBytes,
  lenient: true,
});
