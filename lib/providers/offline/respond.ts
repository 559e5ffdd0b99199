/**
 * The built-in offline model (DESIGN.md, "Models"): an Anthropic Messages request body in, the
 * assistant message out. Deterministic: the same body (ignoring `stream` and key order) always
 * gives the same message, ids included.
 */
import "server-only";
import { assertNever } from "@/lib/protocol/unified";
import { canonicalizeRequest, deriveMessageId, deriveToolUseId } from "./ids";
import { planReply } from "./plan";
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

/** The content blocks of a planned reply, with tool-use ids derived from the request. */
function renderContent(reply: OfflineReply, canonical: string): OfflineContentBlock[] {
  let toolIndex = 0;
  return reply.blocks.map((block): OfflineContentBlock => {
    switch (block.type) {
      case "text":
        return { type: "text", text: block.text };
      case "tool_use":
        return {
          type: "tool_use",
          id: deriveToolUseId(canonical, toolIndex++),
          name: block.name,
          input: block.input,
        };
      default:
        return assertNever(block, "planned block");
    }
  });
}

/**
 * Answers an Anthropic Messages request as the offline model. Pure apart from hashing; never
 * throws for a body that passed `parseOfflineRequest`. The message's `stop_reason` is `tool_use`
 * when the reply calls a tool and `end_turn` otherwise.
 */
export function respondOffline(body: OfflineRequest, options: RespondOptions = {}): OfflineMessage {
  const canonical = canonicalizeRequest(body);
  const reply = planReply(body, createPlannerContext(options.toolMeta), options.planners);
  const content = renderContent(reply, canonical);
  return {
    id: deriveMessageId(canonical),
    type: "message",
    role: "assistant",
    model: body.model,
    content,
    stop_reason: content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: {
      input_tokens: estimateTokens(canonical),
      output_tokens: estimateTokens(JSON.stringify(content)),
    },
  };
}
