/** The tools the policy tests check calls of; the logs themselves come from `@/lib/trace/testing/build-log`. */
import type { ToolDefinition } from "@/lib/trace/config";
import type { NewEvent } from "@/lib/trace/events";

export const READ_FILE: ToolDefinition = {
  name: "read_file",
  input_schema: { type: "object", properties: { path: { type: "string" } } },
  meta: { readOnly: true, idempotent: true },
};
export const WRITE_FILE: ToolDefinition = {
  name: "write_file",
  input_schema: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
  meta: { readOnly: false, destructive: true, idempotent: true },
};
export const FORMAT_NOTES: ToolDefinition = {
  name: "format_notes",
  input_schema: { type: "object", properties: {} },
  meta: { readOnly: false },
};
export const CHARGE_CARD: ToolDefinition = {
  name: "charge_card",
  input_schema: { type: "object", properties: { amount: { type: "number" } } },
  meta: { readOnly: false, idempotent: false, needsApproval: false },
};

/** The end of a call's `execute` stage. */
export function executed(callId: string, status: "ok" | "error" | "blocked" | "skipped"): NewEvent {
  return { kind: "tool.stage", callId, stage: "execute", status };
}
