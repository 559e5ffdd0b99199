/**
 * The Responses items of client-side tools: a call the harness must run, and the output item
 * that answers it, paired by `call_id`. Besides `function_call` there are `custom_tool_call`
 * (free-form `input` text), `shell_call`, `local_shell_call`, `apply_patch_call` and
 * `computer_call`, each with its own `*_output` item. Pure.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-output
 */

type Item = { type?: string; [key: string]: unknown };

interface ClientToolKind {
  /** The output item type that answers the call. */
  output: string;
  /** The tool's name: the item's `name`, or the built-in tool's own. */
  name: (item: Item) => string;
  /** The call's input as one text: `arguments`/`input` as sent, else the action as JSON. */
  input: (item: Item) => string;
}

function readText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function readJson(value: unknown): string {
  return value === undefined ? "{}" : JSON.stringify(value);
}

const KINDS: Readonly<Record<string, ClientToolKind>> = {
  function_call: {
    output: "function_call_output",
    name: (item) => readText(item.name),
    input: (item) => readText(item.arguments),
  },
  custom_tool_call: {
    output: "custom_tool_call_output",
    name: (item) => readText(item.name),
    input: (item) => readText(item.input),
  },
  shell_call: { output: "shell_call_output", name: () => "shell", input: (item) => readJson(item.action) },
  local_shell_call: {
    output: "local_shell_call_output",
    name: () => "local_shell",
    input: (item) => readJson(item.action),
  },
  apply_patch_call: {
    output: "apply_patch_call_output",
    name: () => "apply_patch",
    input: (item) => readJson(item.operation),
  },
  computer_call: {
    output: "computer_call_output",
    name: () => "computer",
    input: (item) => readJson(item.action),
  },
};

const OUTPUT_TYPES: ReadonlySet<string> = new Set(Object.values(KINDS).map((kind) => kind.output));

/** Whether the item is a call of a client-side tool (the harness owes it an output item). */
export function isClientToolCall(item: Item): boolean {
  return typeof item.type === "string" && Object.hasOwn(KINDS, item.type);
}

/** Whether the item answers a client-side tool call. */
export function isClientToolOutput(item: Item): boolean {
  return typeof item.type === "string" && OUTPUT_TYPES.has(item.type);
}

/** A client-side call's id, tool name and input text; `null` for any other item. */
export function readClientToolCall(item: Item): { callId: string; name: string; input: string } | null {
  if (!isClientToolCall(item)) return null;
  const kind = KINDS[item.type!]!;
  return { callId: readText(item.call_id), name: kind.name(item), input: kind.input(item) };
}

function readOutputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (!Array.isArray(output)) return output == null ? "" : JSON.stringify(output);
  return output
    .map((part: unknown) => {
      if (typeof part !== "object" || part === null) return String(part);
      const record = part as Record<string, unknown>;
      if (typeof record.text === "string") return record.text;
      // A shell output chunk: its stdout and stderr.
      if (typeof record.stdout === "string" || typeof record.stderr === "string")
        return [readText(record.stdout), readText(record.stderr)].filter((text) => text !== "").join("\n");
      return `[${String(record.type ?? "?")}]`;
    })
    .join("\n");
}

/**
 * An output item's call id, content as one string and error flag (only `apply_patch_call_output`
 * says it failed); `null` for any other item. A `local_shell_call_output` names its call by `id`.
 */
export function readClientToolOutput(
  item: Item,
): { callId: string; content: string; isError: boolean } | null {
  if (!isClientToolOutput(item)) return null;
  const callId = readText(item.call_id) || (item.type === "local_shell_call_output" ? readText(item.id) : "");
  return {
    callId,
    content: readOutputText(item.output),
    isError: item.type === "apply_patch_call_output" && item.status === "failed",
  };
}
