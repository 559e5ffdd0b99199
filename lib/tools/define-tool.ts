import type { ToolDefinition, ToolMeta } from "@/lib/trace/config";
import type { BuiltinTool } from "./types";

/** A built-in tool as its module writes it: the definition, metadata only where it differs, the body. */
export interface BuiltinToolSpec extends Omit<ToolDefinition, "meta" | "mock" | "builtin"> {
  meta?: ToolMeta;
  execute: BuiltinTool["execute"];
}

/** The timeout of a tool that names none: long for canned data, short enough to notice a hang. */
export const DEFAULT_TIMEOUT_MS = 5000;

/**
 * The full metadata of a tool from what it declares. A tool that says nothing is assumed to be the
 * riskiest kind — it changes something (`readOnly: false`), destroys what it changes
 * (`destructive`, as MCP's `destructiveHint` defaults to true), must not be repeated
 * (`idempotent: false`) nor overlapped (`concurrencySafe: false`), and asks a person first — so
 * forgetting a field never makes a tool look safer than it is. Declaring `readOnly: true` flips
 * the defaults that follow from it: a read destroys nothing, may be repeated, may run beside
 * other reads. `needsApproval` defaults to `destructive`. `timeoutMs` defaults to
 * `DEFAULT_TIMEOUT_MS`. Fields come out in docs/architecture.md's order.
 */
export function resolveToolMeta(meta: ToolMeta = {}): Required<ToolMeta> {
  const readOnly = meta.readOnly ?? false;
  const destructive = meta.destructive ?? !readOnly;
  return {
    readOnly,
    destructive,
    idempotent: meta.idempotent ?? readOnly,
    concurrencySafe: meta.concurrencySafe ?? readOnly,
    needsApproval: meta.needsApproval ?? destructive,
    timeoutMs: meta.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
}

/** A built-in tool whose metadata is completed by `resolveToolMeta`, so it states only what differs. */
export function defineTool({ meta, execute, ...definition }: BuiltinToolSpec): BuiltinTool {
  return { definition: { ...definition, meta: resolveToolMeta(meta) }, execute };
}
