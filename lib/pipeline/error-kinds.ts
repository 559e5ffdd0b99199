import type { ErrorKind } from "@/lib/protocol/unified";

/**
 * The one table of error kinds (docs/architecture.md's vocabulary): what each means, which stage raises it,
 * whether the tool ran, and the hint the model gets about what to do next.
 */
export const ERROR_KIND_TABLE: Readonly<
  Record<ErrorKind, { stage: string; ran: "no" | "yes" | "maybe"; hint: string }>
> = {
  unknown_tool: { stage: "lookup", ran: "no", hint: "Call one of the available tools by its exact name." },
  invalid_arguments: {
    stage: "prepare",
    ran: "no",
    hint: "Resend the call with arguments that are one valid JSON object.",
  },
  schema_validation_error: {
    stage: "validate",
    ran: "no",
    hint: "Resend the call with the fields fixed; nothing ran.",
  },
  blocked_by_policy: {
    stage: "preflight",
    ran: "no",
    hint: "Do not retry the same call; choose arguments the policy allows, or ask the person.",
  },
  denied_by_user: {
    stage: "approval",
    ran: "no",
    hint: "The person said no; do not retry the call unless they ask for it.",
  },
  batch_aborted: {
    stage: "batch",
    ran: "no",
    hint: "Nothing in this batch ran; fix the failing call and resend the whole batch.",
  },
  execution_error: {
    stage: "execute",
    ran: "yes",
    hint: "The tool ran and failed; read the error before deciding whether to retry.",
  },
  timeout: {
    stage: "execute",
    ran: "maybe",
    hint: "The tool was stopped at its time limit; its side effects may have happened. Check before retrying.",
  },
  hook_error: {
    stage: "preflight",
    ran: "no",
    hint: "A harness check failed, so the call was blocked; retrying will not help until it is fixed.",
  },
  interrupted: {
    stage: "run",
    ran: "maybe",
    hint: "The run was interrupted; check what happened before calling again.",
  },
};

export function hintFor(kind: ErrorKind): string {
  return ERROR_KIND_TABLE[kind].hint;
}
