import "server-only";
import type { WorkspaceView } from "@/lib/trace/workspace";
import { defineTool } from "./define-tool";
import {
  acceptArguments,
  fail,
  readArgument,
  requireInteger,
  requireString,
  succeed,
} from "./tool-arguments";

/** The ledger entry `flaky_tool` records for every call, success or failure. */
export interface FlakyAttempt {
  tool: "flaky_tool";
  action: "attempt";
  input: string;
  attempt: number;
  outcome: "failed" | "succeeded";
}

/** How many times `flaky_tool` already ran with `input` in this session, read from the ledger. */
export function countFlakyAttempts(ledger: WorkspaceView["ledger"], input: string): number {
  return ledger.filter(
    (entry) => entry.tool === "flaky_tool" && entry.action === "attempt" && entry.input === input,
  ).length;
}

/**
 * `flaky_tool`: fails on the first call with a given input in a session, succeeds on every later
 * one. A tool has no memory, so the count comes from the workspace ledger, where every call lands
 * as a `FlakyAttempt`; a replay rebuilds the ledger from the log and so reproduces the outcome.
 */
export const flakyTool = defineTool({
  name: "flaky_tool",
  description:
    "A deliberately flaky service for practising retries: the first call with a given input in this session fails with a transient error, and every later call with that same input succeeds. Each call is recorded in the session ledger, which is how the tool remembers, so a replay reproduces the same outcome.",
  input_schema: {
    type: "object",
    properties: {
      input: {
        type: "string",
        maxLength: 200,
        description: 'Any text; calls are counted per distinct input. Omitted means "".',
      },
      attempt: {
        type: "integer",
        minimum: 1,
        maximum: 1000,
        description:
          "The attempt number you believe this is (1 for the first try). Informational only: the outcome follows the ledger, and the result says so when your count differs.",
      },
    },
    additionalProperties: false,
  },
  meta: { destructive: false },
  execute: acceptArguments((args, { workspace, recordChange }) => {
    const input = requireString(args, "input", "");
    const claimed =
      readArgument(args, "attempt") === undefined
        ? undefined
        : requireInteger(args, "attempt", { minimum: 1, maximum: 1000 });
    const attempt = countFlakyAttempts(workspace.ledger, input) + 1;
    const outcome = attempt === 1 ? "failed" : "succeeded";
    const entry: FlakyAttempt = { tool: "flaky_tool", action: "attempt", input, attempt, outcome };
    recordChange({ type: "ledger", entry: { ...entry } });
    const note =
      claimed !== undefined && claimed !== attempt
        ? ` (You called this attempt ${claimed}; the ledger counts it as attempt ${attempt}.)`
        : "";
    if (outcome === "failed")
      return fail(
        `Transient failure on attempt 1 for input ${JSON.stringify(input)}: the upstream service did not answer. Nothing else happened; calling again with the same input will succeed.${note}`,
      );
    return succeed(`Succeeded on attempt ${attempt} for input ${JSON.stringify(input)}.${note}`);
  }),
});
