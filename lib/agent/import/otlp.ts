import "server-only";
import type { Block, UnifiedMessage, WireFormat } from "@/lib/protocol/unified";
import {
  asErrorKind,
  fromFinishReason,
  fromPart,
  fromSystemInstructions,
  fromToolDefinitions,
  readSemconvMessages,
  type SemconvMessage,
} from "@/lib/otel/messages";
import { readOtlpTrace, type ReadSpan } from "@/lib/otel/read-otlp";
import type { ProviderKind } from "@/lib/trace/config";
import {
  appendAssistantTurn,
  appendUserMessage,
  createConversationDraft,
  type ConversationDraft,
} from "./conversation";
import { buildPlan } from "./plan-parts";
import { inferTools } from "./tools";
import type { ImportedTurn, PlanOutcome } from "./types";

const CHAT_OPERATIONS = new Set(["chat", "text_completion", "generate_content"]);
const WIRES: readonly string[] = ["anthropic", "openai-chat", "openai-responses"];
const KINDS: readonly string[] = ["offline", ...WIRES];

const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);
const num = (value: unknown): number | null => (typeof value === "number" ? value : null);
const operation = (span: ReadSpan) => str(span.attributes["gen_ai.operation.name"]);

function readWire(chats: ReadSpan[]): WireFormat {
  const named = chats.map((span) => str(span.attributes["toolscope.wire.format"])).find(Boolean);
  if (named && WIRES.includes(named)) return named as WireFormat;
  const provider = chats.map((span) => str(span.attributes["gen_ai.provider.name"])).find(Boolean);
  return provider === "anthropic" ? "anthropic" : provider === undefined ? "anthropic" : "openai-chat";
}

function readProviderKind(spans: ReadSpan[], wire: WireFormat): ProviderKind {
  const named = spans.map((span) => str(span.attributes["toolscope.provider.kind"])).find(Boolean);
  return named && KINDS.includes(named) ? (named as ProviderKind) : wire;
}

/** A tool result as the `execute_tool` span of its call tells it (status, `error.type`, result). */
function resultFromSpan(span: ReadSpan, fallback: string | undefined, notes: string[]): Block {
  const callId = str(span.attributes["gen_ai.tool.call.id"])!;
  const recorded = span.attributes["gen_ai.tool.call.result"];
  if (recorded === undefined && fallback === undefined)
    notes.push(
      `The execute_tool span at ${span.path} carries no gen_ai.tool.call.result; its result is empty.`,
    );
  const errorType = str(span.attributes["error.type"]);
  const errorKind = asErrorKind(errorType);
  const hint = str(span.attributes["toolscope.tool.hint"]);
  return {
    type: "toolResult",
    toolCallId: callId,
    content:
      recorded === undefined
        ? (fallback ?? "")
        : typeof recorded === "string"
          ? recorded
          : JSON.stringify(recorded),
    isError: span.status.code === 2 || errorType !== undefined,
    ...(errorKind ? { errorKind } : {}),
    ...(hint ? { hint } : {}),
  };
}

interface Walk {
  draft: ConversationDraft;
  wire: WireFormat;
  tools: Map<string, ReadSpan>;
  answered: Set<string>;
  seen: SemconvMessage[];
}

function appendMessage(walk: Walk, message: SemconvMessage): void {
  if (message.role === "system") return;
  if (message.role === "assistant") {
    appendAssistantTurn(walk.draft, readTurn(walk.wire, message.parts.map(fromPart), message.finish_reason));
    return;
  }
  const content = message.parts.map((part) => {
    const block = fromPart(part);
    if (block.type !== "toolResult") return block;
    walk.answered.add(block.toolCallId);
    const span = walk.tools.get(block.toolCallId);
    return span ? resultFromSpan(span, block.content, walk.draft.notes) : block;
  });
  appendUserMessage(walk.draft, { role: "user", content });
}

function readTurn(
  wire: WireFormat,
  content: Block[],
  finish: string | undefined,
  span?: ReadSpan,
): ImportedTurn {
  const unified: UnifiedMessage = { role: "assistant", content };
  const calls = content.some((block) => block.type === "toolCall");
  const stopReason = finish
    ? fromFinishReason(finish)
    : { unified: calls ? ("tool_use" as const) : ("end_turn" as const), raw: null };
  const usage = {
    inputTokens: span ? num(span.attributes["gen_ai.usage.input_tokens"]) : null,
    outputTokens: span ? num(span.attributes["gen_ai.usage.output_tokens"]) : null,
  };
  return { format: wire, message: unified, unified, stopReason, usage };
}

function readMessagesAttribute(span: ReadSpan, key: string, notes: string[]): SemconvMessage[] | null {
  if (span.attributes[key] === undefined) return null;
  const read = readSemconvMessages(span.attributes[key]);
  if (read.ok) return read.messages;
  notes.push(`The ${key} of the span at ${span.path} ${read.error}; it was left out.`);
  return null;
}

/** One chat span: the messages its input adds to what came before, then its output as a turn. */
function appendChat(walk: Walk, chat: ReadSpan, next: ReadSpan | undefined): void {
  const notes = walk.draft.notes;
  const input = readMessagesAttribute(chat, "gen_ai.input.messages", notes);
  if (input) {
    const known = JSON.stringify(input.slice(0, walk.seen.length)) === JSON.stringify(walk.seen);
    if (!known && walk.seen.length > 0)
      notes.push(
        `The input messages of the span at ${chat.path} do not continue the conversation before it; the messages past the known count were read as new.`,
      );
    for (const message of input.slice(walk.seen.length)) appendMessage(walk, message);
    walk.seen = [...input];
  }
  const output = readMessagesAttribute(chat, "gen_ai.output.messages", notes)?.[0];
  const finishes = chat.attributes["gen_ai.response.finish_reasons"];
  const finish = output?.finish_reason ?? (Array.isArray(finishes) ? str(finishes[0]) : undefined);
  if (output) {
    appendAssistantTurn(walk.draft, readTurn(walk.wire, output.parts.map(fromPart), finish, chat));
    walk.seen.push({ role: "assistant", parts: output.parts });
    return;
  }
  // No content captured: the turn is the calls the execute_tool spans after it name.
  const calls = [...walk.tools.values()].filter(
    (span) =>
      span.startMs >= chat.startMs &&
      (!next || span.startMs < next.startMs) &&
      !walk.draft.calls.has(str(span.attributes["gen_ai.tool.call.id"])!),
  );
  const content: Block[] = calls.map((span) => {
    const raw = span.attributes["gen_ai.tool.call.arguments"];
    const block = fromPart({
      type: "tool_call",
      id: span.attributes["gen_ai.tool.call.id"],
      name: span.attributes["gen_ai.tool.name"],
      arguments: raw ?? {},
    });
    return block;
  });
  appendAssistantTurn(walk.draft, readTurn(walk.wire, content, finish, chat));
}

/**
 * An OTLP/JSON trace of GenAI spans (another tool's, or Toolscope's own "Export to OTLP") as a
 * session: chat spans in time order give the conversation (`gen_ai.input.messages` adds the
 * user messages and tool results new since the last request, `gen_ai.output.messages` is the
 * turn), `execute_tool` spans give each result's error flag and kind. Without captured content a
 * turn holds the calls its tool spans name. A malformed trace is refused naming its path.
 */
export function planOtlp(value: unknown): PlanOutcome {
  const read = readOtlpTrace(value);
  if (!read.ok)
    return {
      ok: false,
      error: `The body looks like an OTLP/JSON trace, but ${read.path} ${read.error}.`,
      path: read.path,
    };
  const genai = read.spans
    .filter((span) => operation(span) !== undefined)
    .sort((a, b) => a.startMs - b.startMs);
  const chats = genai.filter((span) => CHAT_OPERATIONS.has(operation(span)!));
  if (chats.length === 0)
    return {
      ok: false,
      error: `The OTLP/JSON trace holds ${read.spans.length} spans but no GenAI chat span (gen_ai.operation.name "chat").`,
      path: "/resourceSpans",
    };
  const notes: string[] = [];
  const tools = new Map<string, ReadSpan>();
  for (const span of genai)
    if (operation(span) === "execute_tool" && str(span.attributes["gen_ai.tool.call.id"]))
      tools.set(str(span.attributes["gen_ai.tool.call.id"])!, span);
  const wire = readWire(chats);
  const walk: Walk = { draft: createConversationDraft(notes), wire, tools, answered: new Set(), seen: [] };
  chats.forEach((chat, index) => appendChat(walk, chat, chats[index + 1]));
  const rest = [...tools.values()].filter((span) => {
    const callId = str(span.attributes["gen_ai.tool.call.id"])!;
    return !walk.answered.has(callId) && walk.draft.calls.has(callId);
  });
  if (rest.length > 0)
    appendUserMessage(walk.draft, {
      role: "user",
      content: rest.sort((a, b) => a.endMs - b.endMs).map((span) => resultFromSpan(span, undefined, notes)),
    });
  const first = chats[0]!;
  const definitions = chats
    .map((chat) => chat.attributes["gen_ai.tool.definitions"])
    .find((v) => v !== undefined);
  const declared = fromToolDefinitions(definitions);
  const system = chats
    .map((chat) => chat.attributes["gen_ai.system_instructions"])
    .find((v) => v !== undefined);
  const model = str(first.attributes["gen_ai.request.model"]);
  return {
    ok: true,
    plan: buildPlan(
      { format: "otlp", provider: readProviderKind(genai, wire) },
      `Imported OTLP trace (${chats.length} chat span${chats.length === 1 ? "" : "s"})`,
      {
        format: wire,
        system: system === undefined ? "" : fromSystemInstructions(system),
        tools: declared.length > 0 ? declared : inferTools(walk.draft.messages, notes),
        ...(model ? { model } : {}),
      },
      walk.draft,
    ),
  };
}
