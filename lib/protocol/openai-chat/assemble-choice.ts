/**
 * Choice-level steps of Chat Completions stream assembly: one chunk choice merged into the
 * choice assembled so far, exactly as the SDK's `ChatCompletionStream` accumulates it, but
 * returning new objects instead of mutating.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming/streaming
 */
import type {
  OpenAIChatChoice,
  OpenAIChatChunkChoice,
  OpenAIChatDelta,
  OpenAIChatLogprobs,
  OpenAIChatResponseMessage,
  OpenAIChatToolCall,
  OpenAIChatToolCallDelta,
} from "./types";

/**
 * Merges one tool call fragment: `id`, `type` and `name` are set when present (not joined),
 * `arguments` fragments are appended, other fields copied.
 */
export function mergeToolCall(
  previous: OpenAIChatToolCall | undefined,
  delta: OpenAIChatToolCallDelta,
): OpenAIChatToolCall {
  const { index: _index, id, type, function: fn, ...rest } = delta;
  const call: OpenAIChatToolCall = {
    ...(previous ?? { id: "", type: "function", function: { name: "", arguments: "" } }),
    ...rest,
  };
  if (id) call.id = id;
  if (type) call.type = type;
  if (fn) {
    call.function = {
      ...call.function,
      name: fn.name ? fn.name : call.function.name,
      arguments: call.function.arguments + (fn.arguments ?? ""),
    };
  }
  return call;
}

/**
 * Merges a chunk's logprobs: `content` and `refusal` token lists are appended, other fields
 * copied. (The SDK 6.30.1 appends the first chunk's lists to themselves, doubling them; this does
 * not.)
 */
function mergeLogprobs(
  previous: OpenAIChatLogprobs | null,
  next: OpenAIChatLogprobs | null | undefined,
): OpenAIChatLogprobs | null {
  if (!next) return previous;
  if (!previous) return { ...next };
  const { content, refusal, ...rest } = next;
  const merged: OpenAIChatLogprobs = { ...previous, ...rest };
  if (content) merged.content = [...(previous.content ?? []), ...content];
  if (refusal) merged.refusal = [...(previous.refusal ?? []), ...refusal];
  return merged;
}

function mergeDelta(message: OpenAIChatResponseMessage, delta: OpenAIChatDelta): OpenAIChatResponseMessage {
  const { content, refusal, function_call: functionCall, role, tool_calls: toolCalls, ...rest } = delta;
  const merged: OpenAIChatResponseMessage = { ...message, ...rest };
  if (refusal) merged.refusal = (message.refusal ?? "") + refusal;
  if (role) merged.role = role as OpenAIChatResponseMessage["role"];
  if (functionCall) {
    const previous = message.function_call;
    merged.function_call = {
      name: functionCall.name ? functionCall.name : (previous?.name ?? ""),
      arguments: (previous?.arguments ?? "") + (functionCall.arguments ?? ""),
    };
  }
  if (content) merged.content = (message.content ?? "") + content;
  if (toolCalls) {
    const calls = [...(message.tool_calls ?? [])];
    for (const call of toolCalls) calls[call.index] = mergeToolCall(calls[call.index], call);
    merged.tool_calls = calls;
  }
  return merged;
}

/**
 * Merges one chunk choice into the choice assembled so far (a new choice starts with
 * `content: null`, `refusal: null`, role `assistant` until a `role` arrives). `finish_reason` is
 * set when present; content and refusal text are appended; other delta fields are copied onto the
 * message and other choice fields onto the choice, as the SDK does.
 */
export function mergeChoice(
  previous: OpenAIChatChoice | undefined,
  chunkChoice: OpenAIChatChunkChoice,
): OpenAIChatChoice {
  const { delta, finish_reason: finishReason, index, logprobs, ...other } = chunkChoice;
  const start: OpenAIChatChoice = previous ?? {
    finish_reason: null,
    index,
    message: { role: "assistant", content: null, refusal: null },
    logprobs: null,
  };
  const choice: OpenAIChatChoice = { ...start, ...other, logprobs: mergeLogprobs(start.logprobs, logprobs) };
  if (finishReason) choice.finish_reason = finishReason;
  if (delta) choice.message = mergeDelta(start.message, delta);
  return choice;
}

const TOOL_CALL_KEYS = new Set(["index", "id", "type", "function"]);
const DELTA_KEYS = new Set(["content", "refusal", "function_call", "role", "tool_calls"]);
const CHOICE_KEYS = new Set(["delta", "finish_reason", "index", "logprobs"]);

/**
 * `Object.assign(target, rest)` where `rest` is `source` without the `handled` keys — the same
 * writes in the same order, without building the rest object (V8 11's object rest is a slow path,
 * and the live fold does this for every chunk).
 */
export function assignOthers(target: object, source: object, handled: ReadonlySet<string>): void {
  // for-in over a parsed JSON object walks its own keys in Object.keys order, from V8's enum cache.
  for (const key in source)
    if (!handled.has(key))
      (target as Record<string, unknown>)[key] = (source as Record<string, unknown>)[key];
}

/**
 * {@link mergeToolCall} into a call the caller owns: the same result, written onto `call` (and
 * its `function`) instead of a copy.
 */
function mergeToolCallInPlace(call: OpenAIChatToolCall, delta: OpenAIChatToolCallDelta): OpenAIChatToolCall {
  const { id, type, function: fn } = delta;
  assignOthers(call, delta, TOOL_CALL_KEYS);
  if (id) call.id = id;
  if (type) call.type = type;
  if (fn) {
    const target = call.function;
    target.name = fn.name ? fn.name : target.name;
    target.arguments = target.arguments + (fn.arguments ?? "");
  }
  return call;
}

function mergeDeltaInPlace(message: OpenAIChatResponseMessage, delta: OpenAIChatDelta): void {
  const { content, refusal, function_call: functionCall, role, tool_calls: toolCalls } = delta;
  assignOthers(message, delta, DELTA_KEYS);
  if (refusal) message.refusal = (message.refusal ?? "") + refusal;
  if (role) message.role = role as OpenAIChatResponseMessage["role"];
  if (functionCall) {
    const previous = message.function_call;
    message.function_call = {
      name: functionCall.name ? functionCall.name : (previous?.name ?? ""),
      arguments: (previous?.arguments ?? "") + (functionCall.arguments ?? ""),
    };
  }
  if (content) message.content = (message.content ?? "") + content;
  if (toolCalls) {
    const calls = (message.tool_calls ??= []);
    for (const call of toolCalls) {
      const previous = calls[call.index];
      calls[call.index] = previous ? mergeToolCallInPlace(previous, call) : mergeToolCall(undefined, call);
    }
  }
}

/**
 * {@link mergeChoice} for a caller that owns `previous` and keeps no earlier state (the live
 * path): the same result, written onto `previous`, its message and its tool calls.
 */
export function mergeChoiceInPlace(
  previous: OpenAIChatChoice | undefined,
  chunkChoice: OpenAIChatChunkChoice,
): OpenAIChatChoice {
  if (!previous) return mergeChoice(previous, chunkChoice);
  const { delta, finish_reason: finishReason, logprobs } = chunkChoice;
  // As in mergeChoice, a delta merges into the message as it was, whatever the other fields bring.
  const message = previous.message;
  assignOthers(previous, chunkChoice, CHOICE_KEYS);
  previous.logprobs = mergeLogprobs(previous.logprobs, logprobs);
  if (finishReason) previous.finish_reason = finishReason;
  if (delta) {
    mergeDeltaInPlace(message, delta);
    previous.message = message;
  }
  return previous;
}
