import type { TraceEvent } from "@/lib/trace/events";
import { createToolTracker, indexLoggedCalls, listNamedPaths, requireLoggedCall } from "./log-reading";
import type { HookVerdict, PreflightHook } from "./types";

/**
 * `stale-file-check`: a call whose tool writes files (not `meta.readOnly`, with a path-like
 * argument) is blocked when, for one of its paths, the file changed after the model last read
 * it — so the model would overwrite content it has never seen.
 *
 * - A read is a successful `tool.result` of a tool that was read-only at the time, whose call
 *   (found by id in the `turn.completed` unified blocks, or a person's edit) names the path.
 * - A change is a `workspace.changed` write or delete of that path. A change made by a call that
 *   itself names the path (the model wrote or deleted it on purpose) counts as seen; a change made
 *   as a side effect of a call that does not name it is what makes the file stale, until the
 *   next read or the model's own next write.
 * - A file the model never read is allowed: there is no earlier view to be stale against, and
 *   writing a new file must not need a read first. (Claude Code's harness refuses a write to an
 *   existing unread file; Toolscope teaches the narrower rule, which a policy rule can tighten.)
 *
 * Throws on a log it cannot trust (a result or change naming a call no `turn.completed` holds,
 * seqs out of order): the session's hook-failure policy decides what then happens.
 */
export const staleFileCheck: PreflightHook = {
  id: "stale-file-check",
  check({ call, tool, log }): HookVerdict {
    if (tool.meta?.readOnly === true) return { action: "allow" };
    const paths = listNamedPaths(call.arguments);
    if (paths.length === 0) return { action: "allow" };
    const calls = indexLoggedCalls(log);
    for (const path of paths) {
      const changedBy = findUnseenChange(log, calls, path, call.id);
      if (changedBy !== null)
        return {
          action: "block",
          reason: `\`${path}\` changed since you last read it (by call ${changedBy}). Nothing ran. Read it again, then write.`,
        };
    }
    return { action: "allow" };
  },
};

/** The id of the call whose change of `path` the model has not seen since its last read, or null. */
function findUnseenChange(
  log: readonly TraceEvent[],
  calls: ReturnType<typeof indexLoggedCalls>,
  path: string,
  currentCallId: string,
): string | null {
  const tools = createToolTracker();
  let read = false;
  let unseenBy: string | null = null;
  for (const event of log) {
    tools.observe(event);
    if (event.kind === "tool.result") {
      if (event.isError || tools.get(event.name)?.meta?.readOnly !== true) continue;
      if (!listNamedPaths(requireLoggedCall(calls, event.callId, event).arguments).includes(path)) continue;
      read = true;
      unseenBy = null;
    } else if (event.kind === "workspace.changed" && read && event.callId !== currentCallId) {
      const change = event.change;
      if (change.type === "ledger" || change.path !== path) continue;
      const namesPath = listNamedPaths(requireLoggedCall(calls, event.callId, event).arguments).includes(
        path,
      );
      unseenBy = namesPath ? null : event.callId;
    }
  }
  return unseenBy;
}
