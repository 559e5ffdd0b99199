/**
 * Item-level steps of Responses stream assembly: a content part or a text, refusal or arguments
 * delta applied to one output item. Each step returns new objects; nothing is mutated.
 *
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
import type {
  OpenAIResponsesOutputItem,
  OpenAIResponsesOutputPart,
  OpenAIResponsesStreamEvent,
} from "./types";

export type ItemEvent = Extract<
  OpenAIResponsesStreamEvent,
  {
    output_index: number;
    type: `response.${"content_part" | "output_text" | "refusal" | "function_call_arguments"}.${string}`;
  }
>;

export type ItemOutcome =
  { kind: "item"; item: OpenAIResponsesOutputItem } | { kind: "ignored"; note: string };

function ignored(event: ItemEvent, why: string): ItemOutcome {
  return { kind: "ignored", note: `${event.type} for output ${event.output_index} ${why} was ignored` };
}

function readParts(item: OpenAIResponsesOutputItem): OpenAIResponsesOutputPart[] | null {
  return Array.isArray(item.content) ? (item.content as OpenAIResponsesOutputPart[]) : null;
}

function withPart(
  item: OpenAIResponsesOutputItem,
  index: number,
  part: OpenAIResponsesOutputPart,
): OpenAIResponsesOutputItem {
  const content = [...(readParts(item) ?? [])];
  content[index] = part;
  return { ...item, content } as OpenAIResponsesOutputItem;
}

/** Appends to (or sets) a string field of the part at `content_index`, which must be of `partType`. */
function updatePartText(
  item: OpenAIResponsesOutputItem,
  event: ItemEvent & { content_index: number },
  partType: string,
  field: "text" | "refusal",
  update: (previous: string) => string,
): ItemOutcome {
  const part = readParts(item)?.[event.content_index];
  if (!part || part.type !== partType)
    return ignored(event, `with no ${partType} part ${event.content_index}`);
  const value = (part as Record<string, unknown>)[field];
  const previous = typeof value === "string" ? value : "";
  return { kind: "item", item: withPart(item, event.content_index, { ...part, [field]: update(previous) }) };
}

/**
 * Applies one item event: a content part is set at its `content_index` (a message's, or a
 * reasoning item's); text and refusal deltas append to their part and `.done` sets the whole
 * text; argument deltas append to a `function_call`'s `arguments` and `.done` sets them. An event
 * that does not fit its item is ignored with a note.
 *
 * @see https://platform.openai.com/docs/api-reference/responses-streaming/response/output_text/delta
 */
export function applyItemEvent(item: OpenAIResponsesOutputItem, event: ItemEvent): ItemOutcome {
  switch (event.type) {
    case "response.content_part.added":
    case "response.content_part.done":
      if (item.type !== "message" && item.type !== "reasoning")
        return ignored(event, `on a ${item.type} item`);
      return { kind: "item", item: withPart(item, event.content_index, { ...event.part }) };
    case "response.output_text.delta":
      return updatePartText(item, event, "output_text", "text", (text) => text + event.delta);
    case "response.output_text.done":
      return updatePartText(item, event, "output_text", "text", () => event.text);
    case "response.refusal.delta":
      return updatePartText(item, event, "refusal", "refusal", (text) => text + event.delta);
    case "response.refusal.done":
      return updatePartText(item, event, "refusal", "refusal", () => event.refusal);
    case "response.function_call_arguments.delta":
    case "response.function_call_arguments.done": {
      if (item.type !== "function_call") return ignored(event, `on a ${item.type} item`);
      const previous = typeof item.arguments === "string" ? item.arguments : "";
      const next =
        event.type === "response.function_call_arguments.delta" ? previous + event.delta : event.arguments;
      return { kind: "item", item: { ...item, arguments: next } };
    }
    default: {
      const raw: { type: string } = event;
      return { kind: "ignored", note: `ignored an item event of type ${raw.type}` };
    }
  }
}
