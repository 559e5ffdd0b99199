import type { ToolDefinition } from "@/lib/trace/config";
import type { WorkspaceFiles } from "@/lib/trace/config";
import { listDir, readFile, writeFile } from "./builtin-files";
import type { BuiltinTool } from "./types";

/** The built-in tools, in registry order (the offline model breaks ties by this order). */
export const BUILTIN_TOOLS: ReadonlyMap<string, BuiltinTool> = new Map(
  [readFile, listDir, writeFile].map((tool) => [tool.definition.name, tool]),
);

/** The tools a new session gets when it names none. */
export const DEFAULT_TOOL_NAMES = ["read_file", "list_dir", "write_file"] as const;

/** Looks a built-in up by name; `constructor` or `__proto__` are simply unknown. */
export function findBuiltinTool(name: string): BuiltinTool | undefined {
  return BUILTIN_TOOLS.get(name);
}

/** The full definition recorded in the log for a built-in tool. */
export function expandBuiltin(name: string): ToolDefinition | undefined {
  const tool = findBuiltinTool(name);
  return tool ? { ...structuredClone(tool.definition), builtin: name } : undefined;
}

/** The files every new session's sandbox starts with. */
export function seedWorkspace(): WorkspaceFiles {
  return {
    "README.md":
      "# Sandbox\n\nThis workspace belongs to one Toolscope session. Tools read and write here; nothing touches your disk.\n",
    "notes/todo.md":
      "# Todo\n\n- [ ] Read the tool-use docs\n- [x] Sketch the weather tool schema\n- [ ] Add tests for the pipeline\n",
    "notes/ideas.md":
      "# Ideas\n\n- A tool that summarizes a folder\n- Ask the model to plan before it calls tools\n",
    "data/cities.json": '{\n  "Paris": { "country": "FR" },\n  "Tokyo": { "country": "JP" }\n}\n',
  };
}
