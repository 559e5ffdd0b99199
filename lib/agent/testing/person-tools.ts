/** Tools that wait for a person, for tests of approvals and manual results. Test-only. */
import type { ToolDefinition } from "@/lib/trace/config";

/** A call that waits for a person's approval, then returns a fixed result. */
export const needsApproval: ToolDefinition = {
  name: "approve_payment",
  description: "Approve a payment.",
  input_schema: { type: "object", properties: {} },
  meta: { needsApproval: true },
  mock: { kind: "static", result: "paid" },
};

/** A call whose result a person types. */
export const manual: ToolDefinition = {
  name: "ask_human",
  description: "Ask a human.",
  input_schema: { type: "object", properties: {} },
  mock: { kind: "manual" },
};
