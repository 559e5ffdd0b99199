import { useMutation } from "@tanstack/react-query";
import { requestJson } from "@/components/data/api";
import type { BreakpointsReply, CallStatusReply, ControlReply } from "@/lib/contract/runs";
import type { ValidationResult } from "@/lib/contract/schema";
import type { Breakpoints } from "@/lib/trace/config";
import type { ControlAction } from "./paused-point";

/** `{ path, message, keyword }` per problem, as `POST /api/schema/validate` reports them. */
export type ValidationReply = ValidationResult;

export type CallDecision =
  { decision: "approve" } | { decision: "deny"; reason?: string } | { decision: "edit"; arguments: unknown };

const sessionUrl = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;
const callUrl = (id: string, callId: string) => `${sessionUrl(id)}/calls/${encodeURIComponent(callId)}`;

/** `POST .../control { action }`: what follows arrives as events, so nothing is cached here. */
export function useControlAction(sessionId: string) {
  return useMutation({
    mutationFn: (action: ControlAction) =>
      requestJson<ControlReply>(`${sessionUrl(sessionId)}/control`, {
        method: "POST",
        body: { action },
      }),
  });
}

/** `PUT .../breakpoints`: the change comes back as a `session.configured` event. */
export function useSetBreakpoints(sessionId: string) {
  return useMutation({
    mutationFn: (changes: Partial<Breakpoints>) =>
      requestJson<BreakpointsReply>(`${sessionUrl(sessionId)}/breakpoints`, {
        method: "PUT",
        body: changes,
      }),
  });
}

/** `POST .../calls/:callId/decision`. */
export function useDecideCall(sessionId: string, callId: string) {
  return useMutation({
    mutationFn: (decision: CallDecision) =>
      requestJson<CallStatusReply>(`${callUrl(sessionId, callId)}/decision`, {
        method: "POST",
        body: decision,
      }),
  });
}

/** `POST .../calls/:callId/result` for a `manual` tool. */
export function useManualResult(sessionId: string, callId: string) {
  return useMutation({
    mutationFn: (result: { content: string; isError: boolean }) =>
      requestJson<CallStatusReply>(`${callUrl(sessionId, callId)}/result`, {
        method: "POST",
        body: result,
      }),
  });
}

/** `POST /api/schema/validate { schema, input }`: ajv runs on the server (the CSP forbids eval here). */
export function validateArguments(schema: unknown, input: unknown): Promise<ValidationReply> {
  return requestJson<ValidationReply>("/api/schema/validate", { method: "POST", body: { schema, input } });
}
