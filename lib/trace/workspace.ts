/**
 * The sandbox workspace as a projection: the seed from `session.created`, then every
 * `workspace.changed` with full content. A restart, a fork or a replay rebuilds it from the log.
 */
import type { TraceEvent, WorkspaceChange } from "./events";

export interface WorkspaceView {
  files: Readonly<Record<string, string>>;
  ledger: readonly Record<string, unknown>[];
}

export const EMPTY_WORKSPACE: WorkspaceView = Object.freeze({ files: {}, ledger: [] });

export function applyWorkspaceChange(view: WorkspaceView, change: WorkspaceChange): WorkspaceView {
  switch (change.type) {
    case "write":
      return { ...view, files: { ...view.files, [change.path]: change.content } };
    case "delete": {
      const files = { ...view.files };
      delete files[change.path];
      return { ...view, files };
    }
    case "ledger":
      return { ...view, ledger: [...view.ledger, change.entry] };
  }
}

export function reduceWorkspace(view: WorkspaceView, event: TraceEvent): WorkspaceView {
  if (event.kind === "session.created") return { files: { ...event.workspace }, ledger: [] };
  if (event.kind === "workspace.changed") return applyWorkspaceChange(view, event.change);
  return view;
}

/** The workspace as of event `upTo` (inclusive; default: the whole log). */
export function projectWorkspace(events: readonly TraceEvent[], upTo = Infinity): WorkspaceView {
  let view = EMPTY_WORKSPACE;
  for (const event of events) {
    if (event.seq > upTo) break;
    view = reduceWorkspace(view, event);
  }
  return view;
}
