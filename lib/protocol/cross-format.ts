/**
 * One conversion table for every block and item type the three APIs emit, for writing a
 * conversation recorded in one format as a request of another (the transcript endpoint, fork,
 * replay). Each type is kept where the target has it natively, converted where the target has
 * an equivalent, and otherwise left out with a note saying what was left out and why — so every
 * body is a request the target would accept. Pure.
 *
 * Unified `text`, `toolCall` and `toolResult` blocks exist in every format; the table is about
 * the rest: `thinking`/`redacted_thinking`, and the raw value of each `unknown` block.
 */
import { PROVIDER_ITEM_TYPES } from "./openai-responses/convert-unified";
import type { Block, UnifiedMessage, WireFormat } from "./unified";
import { isRecord, readString as readOptionalString } from "./json-value";

type Convert = (raw: Record<string, unknown>) => Block | null;

interface Rule {
  /** Where the type comes from, said in a note. */
  from: string;
  /** Formats that take the raw block or item as it is. */
  native: readonly WireFormat[];
  /** Formats that take an equivalent. */
  convert?: Partial<Record<WireFormat, Convert>>;
  /** Why it is left out where it is neither native nor converted. */
  why: string;
}

/** An image's URL, or a data URL for base64 data. */
function readImageUrl(raw: Record<string, unknown>): string | null {
  if (raw.type === "image_url") return isRecord(raw.image_url) ? readNullableString(raw.image_url.url) : null;
  if (raw.type === "input_image") return readNullableString(raw.image_url);
  const source = isRecord(raw.source) ? raw.source : null;
  if (source?.type === "url") return readNullableString(source.url);
  if (source?.type === "base64" && typeof source.data === "string" && typeof source.media_type === "string")
    return `data:${source.media_type};base64,${source.data}`;
  return null;
}

const toAnthropicImage: Convert = (raw) => {
  const url = readImageUrl(raw);
  if (!url) return null;
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  const source = data ? { type: "base64", media_type: data[1], data: data[2] } : { type: "url", url };
  return { type: "unknown", raw: { type: "image", source } };
};

const toChatImage: Convert = (raw) => {
  const url = readImageUrl(raw);
  return url ? { type: "unknown", raw: { type: "image_url", image_url: { url } } } : null;
};

const toResponsesImage: Convert = (raw) => {
  const url = readImageUrl(raw);
  return url ? { type: "unknown", raw: { type: "input_image", image_url: url, detail: "auto" } } : null;
};

const refusalAsText: Convert = (raw) => {
  const text = readNullableString(raw.refusal);
  return text ? { type: "text", text } : null;
};

const ANTHROPIC_SERVER_TOOL =
  "an Anthropic server tool block: the provider ran it itself, and OpenAI has no block to send it as";
const OPENAI_PROVIDER_ITEM =
  "a Responses item of a tool OpenAI ran itself; no other format has an item to send it as";

const ANTHROPIC_ONLY = [
  "server_tool_use",
  "web_search_tool_result",
  "web_fetch_tool_result",
  "code_execution_tool_result",
  "bash_code_execution_tool_result",
  "text_editor_code_execution_tool_result",
  "tool_search_tool_result",
  "mcp_tool_use",
  "mcp_tool_result",
  "container_upload",
];

/** Items only the Responses API writes: the output of tools the provider runs. */
const RESPONSES_ONLY = PROVIDER_ITEM_TYPES;

/** Every type, by the `type` of the raw value (`thinking` and `redacted_thinking`: the unified blocks). */
export const CROSS_FORMAT_TABLE: Readonly<Record<string, Rule>> = {
  thinking: {
    from: "Anthropic",
    native: ["anthropic"],
    why: "its signature is Anthropic's own; OpenAI keeps reasoning in its own items",
  },
  redacted_thinking: {
    from: "Anthropic",
    native: ["anthropic"],
    why: "its encrypted data is Anthropic's own",
  },
  image: {
    from: "Anthropic",
    native: ["anthropic"],
    convert: { "openai-chat": toChatImage, "openai-responses": toResponsesImage },
    why: "its source is neither a URL nor base64 data",
  },
  document: {
    from: "Anthropic",
    native: ["anthropic"],
    why: "OpenAI takes files as uploads, not inline documents",
  },
  search_result: { from: "Anthropic", native: ["anthropic"], why: "OpenAI has no search result block" },
  ...Object.fromEntries(
    ANTHROPIC_ONLY.map((type) => [
      type,
      { from: "Anthropic", native: ["anthropic"], why: ANTHROPIC_SERVER_TOOL },
    ]),
  ),
  refusal: {
    from: "OpenAI",
    native: ["openai-chat"],
    convert: { anthropic: refusalAsText, "openai-responses": refusalAsText },
    why: "it is empty",
  },
  image_url: {
    from: "OpenAI Chat",
    native: ["openai-chat"],
    convert: { anthropic: toAnthropicImage, "openai-responses": toResponsesImage },
    why: "it has no URL",
  },
  input_image: {
    from: "OpenAI Responses",
    native: ["openai-responses"],
    convert: { anthropic: toAnthropicImage, "openai-chat": toChatImage },
    why: "it has no URL (an uploaded file id only OpenAI can read)",
  },
  input_audio: { from: "OpenAI Chat", native: ["openai-chat"], why: "no other format takes audio input" },
  file: { from: "OpenAI Chat", native: ["openai-chat"], why: "an uploaded file only OpenAI can read" },
  input_file: {
    from: "OpenAI Responses",
    native: ["openai-responses"],
    why: "an uploaded file only OpenAI can read",
  },
  reasoning: {
    from: "OpenAI Responses",
    native: ["openai-responses"],
    why: "its encrypted content is OpenAI's own; Anthropic thinking needs Anthropic's signature",
  },
  ...Object.fromEntries(
    RESPONSES_ONLY.map((type) => [
      type,
      { from: "OpenAI Responses", native: ["openai-responses"], why: OPENAI_PROVIDER_ITEM },
    ]),
  ),
};

/** The table's type of a block, or `null` for blocks every format has. */
function readType(block: Block): string | null {
  if (block.type === "thinking" || block.type === "redacted_thinking") return block.type;
  if (block.type !== "unknown") return null;
  return isRecord(block.raw) && typeof block.raw.type === "string" ? block.raw.type : "(untyped)";
}

/** The block as `target` takes it: kept, converted, or `null` (left out) with the note why. */
function adaptBlock(block: Block, target: WireFormat, where: string): { block: Block | null; note?: string } {
  if (
    block.type === "toolCall" &&
    target === "anthropic" &&
    !isRecord(block.arguments) &&
    block.arguments !== null
  )
    return {
      block: { ...block, arguments: { input: block.arguments } },
      note: `${where}: tool call ${block.id} (${block.name}) takes free-form text; Anthropic's input is an object, so it is sent as { "input": … }.`,
    };
  const type = readType(block);
  if (type === null) return { block };
  const rule = Object.hasOwn(CROSS_FORMAT_TABLE, type) ? CROSS_FORMAT_TABLE[type]! : null;
  if (!rule)
    return {
      block: null,
      note: `${where}: a block of type ${type} was left out: no format Toolscope knows has it.`,
    };
  if (rule.native.includes(target)) return { block };
  const raw = block.type === "unknown" && isRecord(block.raw) ? block.raw : {};
  const converted = rule.convert?.[target]?.(raw) ?? null;
  if (converted)
    return { block: converted, note: `${where}: ${type} (${rule.from}) was sent as ${describe(converted)}.` };
  return { block: null, note: `${where}: ${type} (${rule.from}) was left out: ${rule.why}.` };
}

function describe(block: Block): string {
  return block.type === "unknown" && isRecord(block.raw) ? String(block.raw.type) : block.type;
}

/** Joins `message` onto `last` when both have one role and results stay first; otherwise `null`. */
function join(last: UnifiedMessage | undefined, message: UnifiedMessage): UnifiedMessage | null {
  if (!last || last.role !== message.role) return null;
  const hasResults = message.content.some((block) => block.type === "toolResult");
  const onlyResults = last.content.every((block) => block.type === "toolResult");
  return !hasResults || onlyResults
    ? { role: last.role, content: [...last.content, ...message.content] }
    : null;
}

/**
 * The messages as `target` can send them, and a note for each block converted or left out
 * (`message N` counts from 1, in the conversation as recorded). A message with no content, or
 * left with none, is left out too (no API takes an empty message), and the messages on either side of it join
 * when they share a role (results first), so roles still alternate; calls and results are never
 * left out, so every call still pairs with its result.
 */
export function adaptMessagesToFormat(
  messages: readonly UnifiedMessage[],
  target: WireFormat,
): { messages: UnifiedMessage[]; notes: string[] } {
  const notes: string[] = [];
  const adapted: UnifiedMessage[] = [];
  let emptiedBefore = false;
  messages.forEach((message, index) => {
    const where = `message ${index + 1} (${message.role})`;
    const content = message.content.flatMap((block) => {
      const outcome = adaptBlock(block, target, where);
      if (outcome.note) notes.push(outcome.note);
      return outcome.block ? [outcome.block] : [];
    });
    if (content.length === 0) {
      notes.push(
        message.content.length > 0
          ? `${where} was left out: nothing in it could be sent.`
          : `${where} was left out: it has no content, and no provider takes an empty message.`,
      );
      emptiedBefore = true;
      return;
    }
    const next = { role: message.role, content };
    const joined = emptiedBefore ? join(adapted.at(-1), next) : null;
    if (joined) adapted[adapted.length - 1] = joined;
    else adapted.push(next);
    emptiedBefore = false;
  });
  return { messages: adapted, notes };
}

function readNullableString(value: unknown): string | null {
  return readOptionalString(value) ?? null;
}
