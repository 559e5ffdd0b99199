/** Rules over names and descriptions: the tool's, and its properties'. */
import { isRecord } from "@/lib/protocol/json-value";
import { readAtPointer } from "@/lib/schema/pointer";
import type { LintContext, LintFinding } from "./types";

/** The tool-name pattern Anthropic and OpenAI share. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** A description with fewer words than this gets `short-tool-description`. */
export const MIN_DESCRIPTION_WORDS = 20;

/**
 * `name-format`: the name must match `^[a-zA-Z0-9_-]{1,64}$`, which both providers enforce.
 * Anthropic, "Specifying client tools"
 * (https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use): "name: The name
 * of the tool. Must match the regex ^[a-zA-Z0-9_-]{1,64}$." OpenAI, `FunctionDefinition.name`
 * (https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools): "Must be a-z,
 * A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64."
 */
export function checkNameFormat({ tool }: LintContext): LintFinding[] {
  const name = tool.name;
  const fix = (problem: string, suggestion: string) => [
    {
      path: "/name",
      message: `${problem}: ${suggestion} (Anthropic and OpenAI accept ^[a-zA-Z0-9_-]{1,64}$).`,
    },
  ];
  if (typeof name !== "string") return fix("The tool has no `name` string", 'name it, e.g. "get_weather"');
  if (name === "") return fix("The tool name is empty", 'name it, e.g. "get_weather"');
  if (TOOL_NAME_PATTERN.test(name)) return [];
  const bad = [...new Set(name.replace(/[a-zA-Z0-9_-]/g, ""))].map((c) => JSON.stringify(c));
  const suggested = suggestToolName(name);
  if (bad.length === 0)
    return fix(`The tool name is ${name.length} characters`, `shorten it to at most 64, e.g. "${suggested}"`);
  return fix(
    `The tool name ${JSON.stringify(name)} contains ${bad.join(", ")}`,
    `use only letters, digits, "_" and "-", e.g. "${suggested}"`,
  );
}

/** A name the providers accept that reads like `name`: other characters become `_`, cut at 64. */
export function suggestToolName(name: string): string {
  const cleaned = name
    .trim()
    .replace(/[^a-zA-Z0-9_-]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 64);
  return cleaned === "" ? "tool" : cleaned;
}

/**
 * `missing-tool-description`: the tool has no description, or an empty one. Anthropic's "Best
 * practices for tool definitions"
 * (https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use): "Provide
 * extremely detailed descriptions. This is by far the most important factor in tool
 * performance." OpenAI's `description`: "used by the model to choose when and how to call the
 * function."
 */
export function checkMissingToolDescription({ tool }: LintContext): LintFinding[] {
  if (typeof tool.description === "string" && tool.description.trim() !== "") return [];
  return [
    {
      path: "/description",
      message:
        "The tool has no description: add one saying what the tool does, when to use it (and when not), what it returns and its limits — the model picks tools and fills arguments from it.",
    },
  ];
}

/**
 * `short-tool-description`: fewer than {@link MIN_DESCRIPTION_WORDS} words. The description is
 * the prompt the model reads to decide when and how to call the tool; Anthropic's "Best
 * practices for tool definitions"
 * (https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use) say: "Aim for
 * at least 3-4 sentences per tool description, more if the tool is complex." Twenty words is
 * about two short sentences, well below that, so only a clearly thin description is flagged.
 */
export function checkShortToolDescription({ tool }: LintContext): LintFinding[] {
  if (typeof tool.description !== "string") return [];
  const words = countWords(tool.description);
  if (words === 0 || words >= MIN_DESCRIPTION_WORDS) return [];
  return [
    {
      path: "/description",
      message: `The description has ${words} word${words === 1 ? "" : "s"}; write at least ${MIN_DESCRIPTION_WORDS} (Anthropic recommends 3–4 sentences): the description is the prompt the model reads to choose the tool, so say what it does, when to use it and when not, what it returns and its limits.`,
    },
  ];
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * `missing-property-description`: a property without a `description` (its own, or that of the
 * local `$ref` it points at). Anthropic's "Best practices for tool definitions"
 * (https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use): descriptions
 * should explain "What each parameter means and how it affects the tool's behavior".
 */
export function checkMissingPropertyDescription({ schema, nodes }: LintContext): LintFinding[] {
  return nodes.flatMap((node) => {
    if (node.via !== "properties" || hasDescription(node.schema)) return [];
    const ref = node.schema.$ref;
    if (typeof ref === "string" && ref.startsWith("#/")) {
      const target = readAtPointer(schema, decodeURIComponent(ref.slice(1)));
      if (isRecord(target) && hasDescription(target)) return [];
    }
    return [
      {
        path: node.pointer,
        message: `Property "${node.propertyName ?? ""}" has no description: add one saying what the value means, its format or units, and an example — the model fills arguments from it.`,
      },
    ];
  });
}

function hasDescription(schema: Readonly<Record<string, unknown>>): boolean {
  return typeof schema.description === "string" && schema.description.trim() !== "";
}
