/**
 * Loads the recorded wire fixtures (`fixtures/wire/` in the repository, resolved from
 * `process.cwd()`, which is the repository root under Vitest and the bench) and their MANIFEST.json.
 * Test-only: never imported by application code.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { decodeSse, type SseEvent } from "@/lib/protocol/sse";

export const WIRE_FIXTURES_DIR = path.resolve(process.cwd(), "fixtures/wire");

/** What MANIFEST.json says an independent parser assembled from a stream fixture. */
export interface ExpectedStream {
  sse_events?: number;
  events?: number;
  event_names?: string[];
  ends_with_blank_line?: boolean;
  line_endings?: "LF" | "CRLF";
  pings?: number;
  error?: { type: string; message: string };
  message?: Record<string, unknown>;
  message_stop_seen?: boolean;
  content?: Record<string, unknown>[];
}

export interface ManifestEntry {
  source: Record<string, unknown>;
  expected: ExpectedStream & Record<string, unknown>;
}

/** MANIFEST.json, file name → entry. */
export function readManifest(): Record<string, ManifestEntry> {
  return JSON.parse(readFileSync(path.join(WIRE_FIXTURES_DIR, "MANIFEST.json"), "utf8")) as Record<
    string,
    ManifestEntry
  >;
}

export function readFixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(WIRE_FIXTURES_DIR, name)));
}

export function readFixtureText(name: string): string {
  return readFileSync(path.join(WIRE_FIXTURES_DIR, name), "utf8");
}

export function readFixtureJson<T = unknown>(name: string): T {
  return JSON.parse(readFixtureText(name)) as T;
}

/** Every Anthropic stream fixture: the `.sse` files and the `.jsonl` event list, sorted. */
export function listAnthropicStreamFixtures(): string[] {
  return readdirSync(WIRE_FIXTURES_DIR)
    .filter((name) => name.startsWith("anthropic-") && (name.endsWith(".sse") || name.endsWith(".jsonl")))
    .sort();
}

/**
 * A stream fixture as raw `{ event, data }` messages. An `.sse` file is decoded leniently (the
 * errata: five captures end without their blank line). In the `.jsonl` file each line is one
 * `data:` payload whose `type` is the event name.
 */
export function readAnthropicFixtureEvents(name: string): { events: SseEvent[]; notes: string[] } {
  const text = readFixtureText(name);
  if (!name.endsWith(".jsonl")) return decodeSse(text, { lenient: true });
  const events = text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => ({ event: (JSON.parse(line) as { type: string }).type, data: line }));
  return { events, notes: [] };
}

/** The fixture's bytes with a terminating blank line appended where it is missing (errata). */
export function readTerminatedFixtureBytes(name: string): Uint8Array {
  const text = readFixtureText(name);
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const ending = text.endsWith(eol + eol) ? "" : text.endsWith(eol) ? eol : eol + eol;
  return new TextEncoder().encode(text + ending);
}

/** Every stream fixture whose name starts with `prefix` (`openai-chat-`, `openai-responses-`), sorted. */
export function listStreamFixtures(prefix: string): string[] {
  return readdirSync(WIRE_FIXTURES_DIR)
    .filter((name) => name.startsWith(prefix) && name.endsWith(".sse"))
    .sort();
}

/** Freezes a value and everything in it, so a test fails if a fold mutates a state it was given. */
export { freezeDeep } from "@/lib/protocol/json-value";

/** `bytes` cut at the given offsets (any order, duplicates allowed) into consecutive chunks. */
export function splitBytesAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts)].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  return chunks;
}

/** A `fetch` for an SDK client that answers every request with `bytes` as an event stream. */
export function createSseFetch(bytes: Uint8Array): () => Promise<Response> {
  return async () => new Response(bytes.slice(), { headers: { "content-type": "text/event-stream" } });
}
