import { describe, expect, it } from "vitest";
import { assemblePartialTurn } from "./partial-turn";
import { decodeSse, type SseEvent } from "./sse";
import { readFixtureText } from "./testing/fixtures";
import type { ToolCallBlock, WireFormat } from "./unified";

const FIXTURES: [WireFormat, string, (event: SseEvent) => boolean][] = [
  ["anthropic", "anthropic-stream-tool-use.sse", (e) => e.data.includes('"input_json_delta"')],
  ["openai-chat", "openai-chat-stream-tool-call.sse", (e) => e.data.includes('"arguments":"')],
  [
    "openai-responses",
    "openai-responses-stream-function-call.sse",
    (e) => e.event?.endsWith("arguments.delta") ?? false,
  ],
];

/** The fixture's events, cut just after the middle argument piece of its first tool call. */
function cutInsideArguments(name: string, isPiece: (event: SseEvent) => boolean): SseEvent[] {
  const { events } = decodeSse(readFixtureText(name), { lenient: true });
  const pieces = events.flatMap((event, index) => (isPiece(event) ? [index] : []));
  expect(pieces.length).toBeGreaterThan(1);
  return events.slice(0, pieces[Math.floor(pieces.length / 2)]! + 1);
}

const calls = (blocks: readonly { type: string }[]) =>
  blocks.filter((block): block is ToolCallBlock => block.type === "toolCall");

describe.each(FIXTURES)("assemblePartialTurn on %s", (format, name, isPiece) => {
  it("keeps a call cut inside its arguments, raw text as streamed and arguments null", () => {
    const whole = assemblePartialTurn(format, decodeSse(readFixtureText(name), { lenient: true }).events)!;
    const partial = assemblePartialTurn(format, cutInsideArguments(name, isPiece))!;
    const [full] = calls(whole.unified.content);
    const [cut] = calls(partial.unified.content);
    expect(cut).toMatchObject({ id: full!.id, name: full!.name, arguments: null });
    expect(full!.rawArguments.startsWith(cut!.rawArguments)).toBe(true);
    expect(cut!.rawArguments.length).toBeLessThan(full!.rawArguments.length);
  });

  it("gives null before the turn has begun", () => {
    expect(assemblePartialTurn(format, [])).toBeNull();
  });
});
