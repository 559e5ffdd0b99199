import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { readMcpServers } from "@/lib/agent/mcp-config";
import type { OfferedMcpServers } from "@/lib/agent/runtime";
import { McpServers } from "@/lib/contract/mcp";
import { getAjv } from "@/lib/schema/ajv";
import { selectFirstFailure } from "@/lib/schema/union-branches";
import { explainValidationErrors } from "./body-errors";
import type { ServerEnv } from "./config";

/**
 * The servers `TOOLSCOPE_MCP_CONFIG` offers every new session: the file (`{ "mcpServers": { … } }`,
 * the shape of Claude Code's `.mcp.json` and Claude Desktop's config) read on each call, so an
 * edit counts for the next session. A file that cannot be read or is not that shape offers
 * nothing and says why (`error`); the person who runs Toolscope wrote it, so its servers are
 * trusted like any entered here.
 */
export function readOfferedMcpServers(env: ServerEnv = process.env): OfferedMcpServers {
  const named = env.TOOLSCOPE_MCP_CONFIG?.trim();
  if (!named) return { mcpServers: {}, file: null };
  const file = path.resolve(/* turbopackIgnore: true */ process.cwd(), named);
  const none = (error: string): OfferedMcpServers => ({ mcpServers: {}, file, error });
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    return none(`TOOLSCOPE_MCP_CONFIG: ${error instanceof Error ? error.message : String(error)}`);
  }
  const entries = (parsed as { mcpServers?: unknown } | null)?.mcpServers;
  const validate = getAjv("2020-12").compile(McpServers);
  if (!validate(entries)) {
    const problem = explainValidationErrors(selectFirstFailure(validate.errors ?? []));
    return none(`TOOLSCOPE_MCP_CONFIG: /mcpServers${problem.path} — ${problem.message}`);
  }
  const read = readMcpServers(entries as McpServers, "/mcpServers");
  if (!read.ok) return none(`TOOLSCOPE_MCP_CONFIG: ${read.problem.error}`);
  return { mcpServers: read.value, file };
}
