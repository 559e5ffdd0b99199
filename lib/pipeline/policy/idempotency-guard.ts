import { indexLoggedCalls, requireLoggedCall } from "./log-reading";
import { isDeepEqual } from "./json-value";
import type { HookVerdict, PreflightHook } from "./types";

/**
 * `idempotency-guard`: a call to a tool whose `meta.idempotent` is not `true` needs a person's
 * approval when a call with the same name and deep-equal arguments already executed in this
 * session — a `tool.stage` `execute` that ended `ok` or `error` for an earlier call id (an error
 * counts: a billing tool can fail after its side effect landed). Earlier arguments are the
 * model's, or a person's edit; a preflight rewrite of an earlier call is not in the log and is
 * not seen. Names the most recent such call.
 *
 * Throws on a log it cannot trust (an `execute` stage naming a call no `turn.completed` holds,
 * seqs out of order): the session's hook-failure policy decides what then happens.
 */
export const idempotencyGuard: PreflightHook = {
  id: "idempotency-guard",
  check({ call, tool, log }): HookVerdict {
    if (tool.meta?.idempotent === true) return { action: "allow" };
    const calls = indexLoggedCalls(log);
    let repeated: string | null = null;
    for (const event of log) {
      if (event.kind !== "tool.stage" || event.stage !== "execute" || event.callId === call.id) continue;
      if (event.status !== "ok" && event.status !== "error") continue;
      const earlier = requireLoggedCall(calls, event.callId, event);
      if (earlier.name === call.name && isDeepEqual(earlier.arguments, call.arguments)) repeated = earlier.id;
    }
    if (repeated === null) return { action: "allow" };
    return {
      action: "require-approval",
      reason: `An identical \`${call.name}\` call already ran (call ${repeated}); running it again repeats its side effect.`,
    };
  },
};
