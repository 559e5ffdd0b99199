import "server-only";
import { toolsFromOpenAIChat } from "@/lib/protocol/openai-chat/convert";
import type { OpenAIChatTool } from "@/lib/protocol/openai-chat/types";
import { toolsFromOpenAIResponses } from "@/lib/protocol/openai-responses/convert";
import type { ToolSpec, UnifiedMessage, WireFormat } from "@/lib/protocol/unified";
import type { ToolDefinition } from "@/lib/trace/config";
import { describeValue, isRecord } from "./shapes";

/** Anthropic `tools`: client tools (with `input_schema`) as specs; server tools are noted and left out. */
function readAnthropicTools(tools: readonly unknown[], notes: string[]): ToolSpec[] {
  return tools.flatMap((tool) => {
    if (!isRecord(tool) || typeof tool.name !== "string" || !isRecord(tool.input_schema)) {
      const type = isRecord(tool) ? describeValue(tool.type ?? tool.name ?? "?") : "?";
      notes.push(`A tool of type "${type}" has no input_schema (a server tool?) and was left out.`);
      return [];
    }
    return [
      {
        name: tool.name,
        ...(typeof tool.description === "string" ? { description: tool.description } : {}),
        input_schema: tool.input_schema,
        ...(typeof tool.strict === "boolean" ? { strict: tool.strict } : {}),
      },
    ];
  });
}

/** A request's (or a Responses response's) `tools` as specs, whatever the wire format. */
export function readToolSpecs(format: WireFormat, tools: unknown, notes: string[]): ToolSpec[] {
  if (!Array.isArray(tools)) return [];
  if (format === "anthropic") return readAnthropicTools(tools, notes);
  const records = tools.filter(isRecord);
  if (format === "openai-chat") {
    const functions = records.filter(
      (tool) => tool.type === "function" && isRecord(tool.function) && typeof tool.function.name === "string",
    );
    if (functions.length < tools.length)
      notes.push(`${tools.length - functions.length} non-function tool(s) were left out.`);
    return toolsFromOpenAIChat(functions as unknown as OpenAIChatTool[]);
  }
  const specs = toolsFromOpenAIResponses(
    records.map((tool) => ({ ...tool, type: describeValue(tool.type) })),
  );
  if (specs.length < tools.length)
    notes.push(`${tools.length - specs.length} built-in (non-function) tool(s) were left out.`);
  return specs;
}

/**
 * Specs as the session's custom tools: names, descriptions, schemas and `strict` kept, each with
 * an `echo` mock (the imported traffic has no implementation to run). A name used twice keeps
 * its first definition.
 */
export function toImportedTools(specs: readonly ToolSpec[], notes: string[]): ToolDefinition[] {
  const seen = new Set<string>();
  const tools: ToolDefinition[] = [];
  for (const spec of specs) {
    if (seen.has(spec.name)) {
      notes.push(`The tool name "${spec.name}" is defined twice; the first definition was kept.`);
      continue;
    }
    seen.add(spec.name);
    tools.push({
      name: spec.name,
      ...(spec.description !== undefined ? { description: spec.description } : {}),
      input_schema: spec.input_schema,
      ...(spec.strict !== undefined ? { strict: spec.strict } : {}),
      mock: { kind: "echo" },
    });
  }
  return tools;
}

/**
 * Tools for an import that carries no definitions (a response, an SSE capture): one per tool
 * name called, with an open object schema and an `echo` mock, so the session can go on; a note
 * says they were inferred.
 */
export function inferTools(messages: readonly UnifiedMessage[], notes: string[]): ToolDefinition[] {
  const names = [
    ...new Set(messages.flatMap((m) => m.content.flatMap((b) => (b.type === "toolCall" ? [b.name] : [])))),
  ];
  if (names.length === 0) return [];
  notes.push(
    `The input holds no tool definitions; ${names.map((n) => `"${n}"`).join(", ")} ${names.length === 1 ? "was" : "were"} added as echo tools with an open object schema, inferred from the calls.`,
  );
  return names.map((name) => ({
    name,
    description: "Inferred from an imported tool call.",
    input_schema: { type: "object" },
    mock: { kind: "echo" },
  }));
}
