import type { SessionSummary } from "@/lib/contract/sessions";

/** One row of the sessions tree: the session and how deep it sits (0 for a root). */
export interface SessionTreeRow {
  session: SessionSummary;
  depth: number;
}

/**
 * The sessions as a tree, flattened in display order: each session followed by its forks
 * (recursively), siblings in the order given (the server's, newest first). A fork whose parent
 * is not in the list (deleted) is shown as a root; a cycle cannot hide a session.
 */
export function buildSessionTree(sessions: readonly SessionSummary[]): SessionTreeRow[] {
  const known = new Set(sessions.map((s) => s.id));
  const childrenOf = new Map<string, SessionSummary[]>();
  for (const session of sessions) {
    const parent = session.parentId;
    if (parent === undefined || !known.has(parent) || parent === session.id) continue;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), session]);
  }
  const rows: SessionTreeRow[] = [];
  const placed = new Set<string>();
  const visit = (session: SessionSummary, depth: number) => {
    if (placed.has(session.id)) return;
    placed.add(session.id);
    rows.push({ session, depth });
    for (const child of childrenOf.get(session.id) ?? []) visit(child, depth + 1);
  };
  for (const session of sessions) {
    const parent = session.parentId;
    if (parent === undefined || !known.has(parent) || parent === session.id) visit(session, 0);
  }
  for (const session of sessions) visit(session, 0);
  return rows;
}
