/**
 * The pairing doctor on one request as the client (or Toolscope's loop) sent it: its messages
 * read into unified form in the request's own wire format, then checked the way a provider
 * would see them — every call answered, results first, roles alternating — so a transcript the
 * provider would reject is flagged on the request that carried it. Pure.
 */
import { anthropicMessagesToUnified } from "@/lib/protocol/anthropic/convert";
import type { AnthropicMessageParam } from "@/lib/protocol/anthropic/types";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import type { Problem } from "@/lib/protocol/doctor/problems";
import { openAIChatMessagesToUnified } from "@/lib/protocol/openai-chat/convert";
import type { OpenAIChatMessageParam } from "@/lib/protocol/openai-chat/types";
import {
  openAIResponsesInputToUnified,
  type OpenAIResponsesItemLike,
} from "@/lib/protocol/openai-responses/convert";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import type { RequestAssembled } from "./events";

export type RequestCheck =
  | { ok: true; problems: Problem[]; messages: number }
  /** The messages could not be read in the request's format: nothing to check. */
  | { ok: false; reason: string };

function isSystemMessage(message: unknown): boolean {
  return typeof message === "object" && message !== null && (message as { role?: unknown }).role === "system";
}

function readMessages(request: Pick<RequestAssembled, "format" | "body">): UnifiedMessage[] {
  const { body } = request;
  switch (request.format) {
    case "anthropic": {
      if (!Array.isArray(body.messages)) throw new Error("no messages array");
      // Claude Code sends `role: "system"` messages inside `messages`: they are system text, not turns.
      const turns = (body.messages as unknown[]).filter((message) => !isSystemMessage(message));
      return anthropicMessagesToUnified(turns as AnthropicMessageParam[]);
    }
    case "openai-chat":
      if (!Array.isArray(body.messages)) throw new Error("no messages array");
      return openAIChatMessagesToUnified(body.messages as OpenAIChatMessageParam[]).messages;
    case "openai-responses": {
      const input = body.input;
      if (typeof input !== "string" && !Array.isArray(input)) throw new Error("no input");
      return openAIResponsesInputToUnified(input as string | OpenAIResponsesItemLike[]).messages;
    }
  }
}

/** The doctor's findings on a request about to be sent: every call must be answered. */
export function checkRequest(request: Pick<RequestAssembled, "format" | "body">): RequestCheck {
  let messages: UnifiedMessage[];
  try {
    messages = readMessages(request);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  return { ok: true, problems: checkTranscript(messages), messages: messages.length };
}
