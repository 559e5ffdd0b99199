/**
 * Tool definitions for the offline model's tests: the three built-in workspace tools as the
 * brief gives them (their final definitions live in lib/tools), plus a few common shapes.
 */
import type { MessageCreateParamsNonStreaming, Tool } from "@anthropic-ai/sdk/resources/messages";
import type { OfflineToolMeta } from "../types";

/** An object schema with these properties, the listed ones required. */
function objectSchema(properties: Record<string, unknown>, required: string[] = []): Tool.InputSchema {
  return { type: "object", properties, required };
}

export const READ_FILE: Tool = {
  name: "read_file",
  description: "Read a UTF-8 text file from the session workspace.",
  input_schema: objectSchema({ path: { type: "string" } }, ["path"]),
};

export const LIST_DIR: Tool = {
  name: "list_dir",
  description: "List the files and folders in a workspace directory.",
  input_schema: objectSchema({ path: { type: "string", default: "." } }),
};

export const WRITE_FILE: Tool = {
  name: "write_file",
  description: "Write a UTF-8 text file in the session workspace, replacing it if it exists.",
  input_schema: objectSchema({ path: { type: "string" }, content: { type: "string" } }, ["path", "content"]),
};

export const GET_WEATHER: Tool = {
  name: "get_weather",
  description: "Get the current weather for a city.",
  input_schema: objectSchema(
    { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } },
    ["city"],
  ),
};

export const CALCULATOR: Tool = {
  name: "calculator",
  description: "Evaluate an arithmetic expression.",
  input_schema: objectSchema({ expression: { type: "string" } }, ["expression"]),
};

export const SEND_EMAIL: Tool = {
  name: "send_email",
  description: "Send an email.",
  input_schema: objectSchema(
    { to: { type: "string" }, subject: { type: "string" }, body: { type: "string" } },
    ["to", "subject", "body"],
  ),
};

export const HTTP_GET: Tool = {
  name: "http_get",
  description: "Fetch a web page.",
  input_schema: objectSchema({ url: { type: "string" } }, ["url"]),
};

export const SET_TIMER: Tool = {
  name: "set_timer",
  description: "Start a countdown timer.",
  input_schema: objectSchema(
    { minutes: { type: "number" }, repeat: { type: "integer" }, loud: { type: "boolean" } },
    ["minutes"],
  ),
};

/** The built-in workspace tools, in registry order. */
export const WORKSPACE_TOOLS: Tool[] = [READ_FILE, LIST_DIR, WRITE_FILE];

/** Everything above, workspace tools first. */
export const ALL_TOOLS: Tool[] = [
  ...WORKSPACE_TOOLS,
  GET_WEATHER,
  CALCULATOR,
  SEND_EMAIL,
  HTTP_GET,
  SET_TIMER,
];

export const TOOL_META: OfflineToolMeta = { read_file: { readOnly: true }, list_dir: { readOnly: true } };

/** A one-message request with `tools`. */
export function createRequest(
  text: string,
  tools: Tool[] = ALL_TOOLS,
  extra: Partial<MessageCreateParamsNonStreaming> = {},
): MessageCreateParamsNonStreaming {
  return {
    model: "offline-1",
    max_tokens: 1024,
    tools,
    messages: [{ role: "user", content: text }],
    ...extra,
  };
}
