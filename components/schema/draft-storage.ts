/**
 * Drafts of tool definitions kept in `localStorage`, one per session and tool, so an edit that
 * has not been saved survives a reload. A draft is the editor's text as typed (it may not even
 * be JSON). Storage may be full or disabled: then a draft lives only as long as the page.
 */

/** The part of `Storage` drafts need (a `Map`-backed fake fits in tests). */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

const PREFIX = "toolscope:tool-draft:v1:";
/** Stands for the tool being added; `#` never survives `encodeURIComponent`, so no name collides. */
const NEW_TOOL = "#new";

/** Which draft: a saved tool by its name, or `null` for the tool being added. */
export type DraftTarget = string | null;

/** The storage key of the draft for `target` in session `sessionId`. */
export function buildDraftKey(sessionId: string, target: DraftTarget): string {
  const tool = target === null ? NEW_TOOL : encodeURIComponent(target);
  return `${PREFIX}${encodeURIComponent(sessionId)}:${tool}`;
}

/** Reads a draft; `null` when there is none or storage cannot be read. */
export function readDraft(
  storage: DraftStorage | null,
  sessionId: string,
  target: DraftTarget,
): string | null {
  try {
    return storage?.getItem(buildDraftKey(sessionId, target)) ?? null;
  } catch {
    return null;
  }
}

/** Keeps a draft; returns false when storage refused it (full, disabled). */
export function writeDraft(
  storage: DraftStorage | null,
  draft: { sessionId: string; target: DraftTarget; text: string },
): boolean {
  try {
    storage?.setItem(buildDraftKey(draft.sessionId, draft.target), draft.text);
    return storage !== null;
  } catch {
    return false;
  }
}

/** Forgets a draft (after it was saved or discarded). */
export function clearDraft(storage: DraftStorage | null, sessionId: string, target: DraftTarget): void {
  try {
    storage?.removeItem(buildDraftKey(sessionId, target));
  } catch {
    // Nothing to forget when storage cannot be reached.
  }
}

/** The targets that have a draft in session `sessionId`, in storage order. */
export function listDraftTargets(storage: DraftStorage | null, sessionId: string): DraftTarget[] {
  if (!storage) return [];
  const prefix = `${PREFIX}${encodeURIComponent(sessionId)}:`;
  const targets: DraftTarget[] = [];
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key === null || !key.startsWith(prefix)) continue;
      const tool = key.slice(prefix.length);
      targets.push(tool === NEW_TOOL ? null : decodeURIComponent(tool));
    }
  } catch {
    return targets;
  }
  return targets;
}

/** The page's `localStorage`, or `null` on the server or where it is disabled. */
export function getBrowserStorage(): DraftStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
