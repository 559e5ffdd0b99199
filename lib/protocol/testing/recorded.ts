/**
 * Loads the recorded streams of `fixtures/recorded/` (real model turns vendored byte for byte from
 * public SDK and framework repositories) and their MANIFEST.json. Test-only.
 *
 * Two formats are stored. `sse` files are raw SSE bodies, fed as they are. `vercel-chunks` files
 * (the Vercel AI SDK's `*.chunks.txt`) hold one JSON payload per line, the `data:` of one SSE
 * message with the framing stripped by its recorder; {@link readRecordedSse} frames them again:
 * `event: <type>` + `data: <line>` for the Anthropic and Responses wires (whose event name is the
 * payload's `type`), `data: <line>` alone for Chat Completions, followed by `data: [DONE]` as
 * the Chat Completions API ends every stream.
 *
 * A few chunk files hold several HTTP responses one after the other (the recorder of a multi-step
 * run appended each step's stream): {@link readRecordedResponses} cuts them where a Responses
 * stream's `response.created` arrives, or where an Anthropic `message_start` follows a
 * `message_stop`. A `message_start` before `message_stop` is not a cut: it is the stream's own
 * defect, kept for the test of it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { WireFormat } from "@/lib/protocol/unified";

export const RECORDED_DIR = path.resolve(process.cwd(), "fixtures/recorded");

/** What the SDK does with a recording when it does not assemble it as we do. */
export interface SdkDivergence {
  sdk: string;
  /** The error the SDK throws, or what it does differently. */
  behaviour: string;
  /** What our assembly does instead. */
  ours: string;
  /** When we assemble the turn where the SDK throws: the note our fold adds instead of an error. */
  note?: string;
}

export interface RecordingEntry {
  wire: WireFormat;
  repo: string;
  path: string;
  commit: string;
  blob: string;
  licence: string;
  format: "sse" | "vercel-chunks";
  sha256: string;
  bytes: number;
  kind: "recorded" | "hand-written";
  exercises: string[];
  sdk?: SdkDivergence;
}

/** MANIFEST.json: `<wire>/<file>` → entry. */
export function readRecordingManifest(): Record<string, RecordingEntry> {
  return JSON.parse(readFileSync(path.join(RECORDED_DIR, "MANIFEST.json"), "utf8")) as Record<
    string,
    RecordingEntry
  >;
}

export function readRecordingBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(RECORDED_DIR, name)));
}

function frameChunks(text: string, wire: WireFormat): string {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  if (wire === "openai-chat") return [...lines, "[DONE]"].map((line) => `data: ${line}\n\n`).join("");
  return lines
    .map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`)
    .join("");
}

/** The recording as SSE bytes, exactly as a server would have sent them (see the file comment). */
export function readRecordedSse(name: string, entry: RecordingEntry): Uint8Array {
  const bytes = readRecordingBytes(name);
  if (entry.format === "sse") return bytes;
  return new TextEncoder().encode(frameChunks(new TextDecoder().decode(bytes), entry.wire));
}

/**
 * Splits chunk lines into HTTP responses. Anthropic: a new one starts at a message_start after a
 * message_stop. Responses: at every `response.created`.
 */
function splitResponses(lines: string[], wire: WireFormat): string[][] {
  const responses: string[][] = [];
  let stopped = true;
  for (const line of lines) {
    const type = (JSON.parse(line) as { type: string }).type;
    if (wire === "openai-responses" ? type === "response.created" : type === "message_start" && stopped)
      responses.push([]);
    if (type === "message_start") stopped = false;
    if (type === "message_stop") stopped = true;
    if (responses.length === 0) responses.push([]);
    responses.at(-1)!.push(line);
  }
  return responses;
}

/** The recording as one SSE body per HTTP response it holds (see the file comment), in order. */
export function readRecordedResponses(name: string, entry: RecordingEntry): Uint8Array[] {
  if (entry.format === "sse" || entry.wire === "openai-chat") return [readRecordedSse(name, entry)];
  const lines = new TextDecoder()
    .decode(readRecordingBytes(name))
    .split("\n")
    .filter((line) => line.trim() !== "");
  return splitResponses(lines, entry.wire).map((response) =>
    new TextEncoder().encode(frameChunks(response.join("\n"), entry.wire)),
  );
}
