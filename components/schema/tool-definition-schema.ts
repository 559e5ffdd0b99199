import metaSchema from "./json-schema-2020-12.json";

/**
 * The schemas the editor's JSON language service knows (Monaco registers them with
 * `enableSchemaRequest: false`, so nothing is ever fetched): docs/api.md's ToolDefinition shape, whose
 * `input_schema` is the JSON Schema 2020-12 meta-schema (bundled in `json-schema-2020-12.json`).
 * They give `name`, `description`, `input_schema`, `meta`, `mock` and every JSON Schema keyword
 * completion, hover docs and validation as a definition is typed.
 */

/** The meta-schema's own id; the tool-definition schema refers to it by this URI. */
export const JSON_SCHEMA_META_URI: string = metaSchema.$id;

/** An identifier only: the schema is registered in memory, never served. */
export const TOOL_DEFINITION_SCHEMA_URI = "toolscope://schemas/tool-definition.json";

/** Editor models whose path ends so get the tool-definition schema. */
export const TOOL_MODEL_SUFFIX = ".tool.json";

const flag = (text: string) => ({ type: "boolean", description: text, markdownDescription: text });

const describe = (text: string) => ({ description: text.replaceAll("`", ""), markdownDescription: text });

/** docs/api.md's ToolDefinition for a custom tool, with docs on every field. */
export const TOOL_DEFINITION_SCHEMA = {
  $id: TOOL_DEFINITION_SCHEMA_URI,
  title: "Toolscope tool definition",
  type: "object",
  required: ["name", "input_schema"],
  additionalProperties: false,
  properties: {
    name: {
      type: "string",
      pattern: "^[a-zA-Z0-9_-]{1,64}$",
      ...describe(
        "The tool's name, as the model calls it: 1–64 letters, digits, `_` or `-` (what Anthropic and OpenAI both accept).",
      ),
    },
    description: {
      type: "string",
      ...describe(
        "What the tool does, when to use it (and when not), what it returns and its limits. The model chooses tools and fills arguments from this text.",
      ),
    },
    input_schema: {
      $ref: JSON_SCHEMA_META_URI,
      ...describe(
        'A JSON Schema (2020-12) for the arguments. Its top level must be `"type": "object"`; give every property a `description`.',
      ),
    },
    strict: {
      type: "boolean",
      ...describe(
        "Ask the provider to guarantee arguments that match the schema (OpenAI strict mode, Anthropic strict tool use); the schema must then follow their stricter subset.",
      ),
    },
    meta: {
      type: "object",
      additionalProperties: false,
      ...describe("How the harness treats the tool: the scheduler and the default policy read these."),
      properties: {
        readOnly: flag("The tool changes nothing; read-only, concurrency-safe calls may run in parallel."),
        destructive: flag("The tool's effect cannot be undone (deleting, paying, sending)."),
        idempotent: flag("Running the same call twice has the same effect as once."),
        concurrencySafe: flag("The tool may run at the same time as other calls."),
        needsApproval: flag("Every call waits for a person to approve, deny or edit it."),
        timeoutMs: {
          type: "integer",
          minimum: 1,
          maximum: 600000,
          ...describe("How long `execute` may take before the call fails with `timeout` (milliseconds)."),
        },
      },
    },
    mock: {
      ...describe(
        'How the custom tool answers: `{ "kind": "static", "result": … }` returns a fixed JSON reply, `{ "kind": "echo" }` returns the arguments, `{ "kind": "manual" }` pauses the run at `execute` for a person to type the result.',
      ),
      oneOf: [
        {
          type: "object",
          required: ["kind", "result"],
          additionalProperties: false,
          properties: {
            kind: { const: "static", ...describe("A fixed JSON reply.") },
            result: describe("The reply."),
          },
        },
        {
          type: "object",
          required: ["kind"],
          additionalProperties: false,
          properties: { kind: { const: "echo", ...describe("Reply with the arguments.") } },
        },
        {
          type: "object",
          required: ["kind"],
          additionalProperties: false,
          properties: {
            kind: { const: "manual", ...describe("Pause at `execute`; a person types the result.") },
          },
        },
      ],
    },
  },
} as const;

/** The editor model path of a tool's definition: one model per session and tool. */
export function buildToolModelPath(sessionId: string, target: string | null): string {
  const tool = target === null ? "new" : `saved/${encodeURIComponent(target)}`;
  return `inmemory://toolscope/${encodeURIComponent(sessionId)}/${tool}${TOOL_MODEL_SUFFIX}`;
}
