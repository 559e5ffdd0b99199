import { useCallback, useState } from "react";
import { clearDraft, getBrowserStorage, readDraft, writeDraft, type DraftTarget } from "./draft-storage";

/**
 * The text of one tool's editor: the stored draft when there is one (it survives a reload), else
 * `pristine` (the saved definition, or a new tool's template). Every edit is stored at once; an
 * edit back to `pristine` forgets the draft. `onDraftsChanged` lets the list mark tools with drafts.
 * Mount it with a `key` per session and target: the stored draft is read once, on mount.
 */
export function useToolDraft(options: {
  sessionId: string;
  target: DraftTarget;
  pristine: string;
  onDraftsChanged: () => void;
}) {
  const { sessionId, target, pristine, onDraftsChanged } = options;
  const [draft, setDraft] = useState<string | null>(() => readDraft(getBrowserStorage(), sessionId, target));
  const text = draft ?? pristine;

  const edit = useCallback(
    (next: string) => {
      const storage = getBrowserStorage();
      if (next === pristine && target !== null) {
        setDraft(null);
        clearDraft(storage, sessionId, target);
      } else {
        setDraft(next);
        writeDraft(storage, { sessionId, target, text: next });
      }
      onDraftsChanged();
    },
    [pristine, sessionId, target, onDraftsChanged],
  );

  const forget = useCallback(() => {
    setDraft(null);
    clearDraft(getBrowserStorage(), sessionId, target);
    onDraftsChanged();
  }, [sessionId, target, onDraftsChanged]);

  return { text, dirty: draft !== null && draft !== pristine, edit, forget };
}
