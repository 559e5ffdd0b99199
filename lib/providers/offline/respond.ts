/**
 * The built-in offline model (docs/architecture.md, "Models"): an Anthropic Messages request body in, the
 * assistant message out. Deterministic: the same body (ignoring `stream` and key order) always
 * gives the same message, ids included.
 */
import "server-only";
import { parsePartialArguments } from "@/lib/protocol/anthropic/tool-arguments";
import { assertNever } from "@/lib/protocol/unified";
import { canonicalizeRequest, deriveMessageId, deriveToolUseId, hashText } from "./ids";
import { planReply } from "./plan";
import { stringifyLikeApi } from "./sse";
import type {
  OfflineContentBlock,
  OfflineMessage,
  OfflineReply,
  OfflineRequest,
  OfflineToolMeta,
  OfflineToolParam,
  PlannerContext,
  RespondOptions,
} from "./types";

/** A rough token count: a quarter of the characters, at least 1. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** The planner context: read-only comes from `toolMeta` first, then the tool's own `meta`. */
export function createPlannerContext(toolMeta: OfflineToolMeta = {}): PlannerContext {
  return {
    isReadOnly(tool: OfflineToolParam): boolean {
      // Object.hasOwn: a tool named "constructor" or "__proto__" has no inherited metadata.
      const meta = Object.hasOwn(toolMeta, tool.name) ? toolMeta[tool.name] : undefined;
      return (meta?.readOnly ?? tool.meta?.readOnly) === true;
    },
  };
}

/** A deterministic signature for a thinking block (base64, as the API's are). */
function deriveSignature(canonical: string): string {
  const hex = hashText(`signature\u0000${canonical}`) + hashText(`signature\u0001${canonical}`);
  return Buffer.from(hex, "hex").toString("base64");
}

/** The content blocks of a planned reply, with tool-use ids derived from the request. */
function renderContent(reply: OfflineReply, canonical: string): OfflineContentBlock[] {
  let toolIndex = 0;
  const thinking: OfflineContentBlock[] =
    reply.thinking === undefined
      ? []
      : [{ type: "thinking", thinking: reply.thinking, signature: deriveSignature(canonical) }];
  const blocks = reply.blocks.map((block): OfflineContentBlock => {
    switch (block.type) {
      case "text":
        return { type: "text", text: block.text };
      case "tool_use":
        return {
          type: "tool_use",
          id: deriveToolUseId(canonical, toolIndex++),
          name: block.name,
          input: block.input,
          ...(block.rawArguments === undefined ? {} : { rawJson: block.rawArguments }),
        };
      default:
        return assertNever(block, "planned block");
    }
  });
  return [...thinking, ...blocks];
}

/** The first `chars` code points of `text` (a surrogate pair is never cut). */
function cutText(text: string, chars: number): string {
  return Array.from(text).slice(0, Math.max(0, chars)).join("");
}

/**
 * `block` cut off after `chars` characters: a text block keeps that much text; a tool_use keeps
 * that much of its arguments text (`rawJson`, else its input as JSON), and `input` becomes that
 * text partly parsed.
 */
export function cutBlock(block: OfflineContentBlock, chars: number): OfflineContentBlock {
  switch (block.type) {
    case "text":
      return { ...block, text: cutText(block.text, chars) };
    case "thinking":
      return { ...block, thinking: cutText(block.thinking, chars) };
    case "tool_use": {
      const rawJson = cutText(block.rawJson ?? stringifyLikeApi(block.input), chars);
      const parsed = parsePartialArguments(rawJson)?.value;
      const input =
        typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
          ? { ...(parsed as Record<string, unknown>) }
          : {};
      return { ...block, input, rawJson };
    }
    default:
      return assertNever(block, "content block");
  }
}

/** The content with its last block cut, when the reply asks for a `max_tokens` cut. */
function applyCut(content: OfflineContentBlock[], reply: OfflineReply): OfflineContentBlock[] {
  const last = content.at(-1);
  if (!reply.maxTokensCut || last === undefined) return content;
  return [...content.slice(0, -1), cutBlock(last, reply.maxTokensCut.cutAfterChars)];
}

/**
 * Answers an Anthropic Messages request as the offline model. Pure apart from hashing; never
 * throws for a body that passed `parseOfflineRequest`. The message's `stop_reason` is
 * `max_tokens` when the reply asks for a cut, else `tool_use` when it calls a tool and
 * `end_turn` otherwise. A reply's `thinking` comes first, as a `thinking` block.
 */
export function respondOffline(body: OfflineRequest, options: RespondOptions = {}): OfflineMessage {
  const canonical = canonicalizeRequest(body);
  const reply = planReply(body, createPlannerContext(options.toolMeta), options.planners);
  const content = applyCut(renderContent(reply, canonical), reply);
  return {
    id: deriveMessageId(canonical),
    type: "message",
    role: "assistant",
    model: body.model,
    content,
    stop_reason: reply.maxTokensCut
      ? "max_tokens"
      : content.some((block) => block.type === "tool_use")
        ? "tool_use"
        : "end_turn",
    stop_sequence: null,
    usage: {
      input_tokens: estimateTokens(canonical),
      output_tokens: estimateTokens(JSON.stringify(content)),
    },
  };
}
