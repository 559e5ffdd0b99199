import type { ToolDefinition, WorkspaceFiles } from "@/lib/trace/config";
import { createOrder } from "./builtin-billing";
import { chargeCard } from "./builtin-charge-card";
import { calculator } from "./builtin-calculator";
import { listDir, readFile, writeFile } from "./builtin-files";
import { flakyTool } from "./builtin-flaky";
import { sendNotification, sendReceipt } from "./builtin-messaging";
import { slowTask } from "./builtin-slow-task";
import { getWeather, KNOWN_CITIES_WITH_COUNTRY } from "./builtin-weather";
import { httpGet } from "./builtin-web";
import type { BuiltinTool } from "./types";

/**
 * The built-in tools, in registry order: the workspace tools first, then the read-only helpers,
 * the demonstrations of time and failure, and the billing set. The offline model breaks ties by
 * this order, so `read_file` wins a bare path.
 */
export const BUILTIN_TOOLS: ReadonlyMap<string, BuiltinTool> = new Map(
  [
    readFile,
    listDir,
    writeFile,
    calculator,
    getWeather,
    httpGet,
    slowTask,
    flakyTool,
    createOrder,
    chargeCard,
    sendReceipt,
    sendNotification,
  ].map((tool) => [tool.definition.name, tool]),
);

/** The tools a new session gets when it names none: every built-in, in registry order. */
export const DEFAULT_TOOL_NAMES: readonly string[] = [...BUILTIN_TOOLS.keys()];

/** Every built-in tool, in registry order. */
export function listBuiltinTools(): BuiltinTool[] {
  return [...BUILTIN_TOOLS.values()];
}

/** Looks a built-in up by name; `constructor` or `__proto__` are simply unknown. */
export function findBuiltinTool(name: string): BuiltinTool | undefined {
  return BUILTIN_TOOLS.get(name);
}

/** The full definition recorded in the log for a built-in tool (a copy the caller may change). */
export function expandBuiltin(name: string): ToolDefinition | undefined {
  const tool = findBuiltinTool(name);
  return tool ? { ...structuredClone(tool.definition), builtin: name } : undefined;
}

/** Indented JSON with a final newline, as a seeded file. */
function writeJsonFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * The files every new session's sandbox starts with. `data/cities.json` names the cities
 * `get_weather` knows; `data/customers.json` gives the billing lessons someone to bill.
 */
export function seedWorkspace(): WorkspaceFiles {
  return {
    "README.md":
      "# Sandbox\n\nThis workspace belongs to one Toolscope session. Tools read and write here; nothing touches your disk.\n",
    "notes/todo.md":
      "# Todo\n\n- [ ] Read the tool-use docs\n- [x] Sketch the weather tool schema\n- [ ] Add tests for the pipeline\n",
    "notes/ideas.md":
      "# Ideas\n\n- A tool that summarizes a folder\n- Ask the model to plan before it calls tools\n",
    "data/cities.json": writeJsonFile(KNOWN_CITIES_WITH_COUNTRY),
    "data/customers.json": writeJsonFile({
      "Ada Lovelace": { email: "ada@example.com", phone: "+442071234567", currency: "GBP" },
      "Grace Hopper": { email: "grace@example.com", phone: "+12025550143", currency: "USD" },
    }),
  };
}
