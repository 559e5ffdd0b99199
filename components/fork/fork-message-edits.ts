import type { Block, UnifiedMessage } from "@/lib/protocol/unified";
import { canonicalizeValue } from "@/lib/trace/canonical-json";

/**
 * What the dialog changed about one block of the inherited transcript: a text block's text, a
 * tool result's content and error flag, or the block's removal (any block: the pairing doctor on
 * the server decides whether what is left is still a valid conversation).
 */
export interface BlockEdit {
  text?: string;
  content?: string;
  isError?: boolean;
  removed?: boolean;
}

/** The key of a block's edit: its message's and its own position, from 0. */
export function buildBlockKey(messageIndex: number, blockIndex: number): string {
  return `${messageIndex}:${blockIndex}`;
}

/** One block with its edit applied; `null` when it is removed. */
function applyBlockEdit(block: Block, edit: BlockEdit | undefined): Block | null {
  if (!edit) return block;
  if (edit.removed) return null;
  if (block.type === "text" && edit.text !== undefined) return { ...block, text: edit.text };
  if (block.type !== "toolResult") return block;
  const isError = edit.isError ?? block.isError;
  const content = edit.content ?? block.content;
  if (isError) return { ...block, content, isError };
  // A result that is no longer an error keeps no error kind or hint.
  const { errorKind: _kind, hint: _hint, ...rest } = block;
  return { ...rest, content, isError };
}

/**
 * The whole message list a fork sends as `edits.messages`: the inherited messages (role and
 * content only) with the dialog's block edits applied, in order. `undefined` when the edits
 * change nothing, so a fork without message edits keeps its copied transcript as it is. A
 * message whose blocks were all removed stays, empty: the server's pairing doctor refuses it
 * and says so, rather than the dialog silently dropping it.
 */
export function buildMessageEdits(
  inherited: readonly UnifiedMessage[],
  edits: ReadonlyMap<string, BlockEdit>,
): UnifiedMessage[] | undefined {
  if (edits.size === 0) return undefined;
  const messages = inherited.map((message, messageIndex): UnifiedMessage => ({
    role: message.role,
    content: message.content.flatMap((block, blockIndex) => {
      const edited = applyBlockEdit(block, edits.get(buildBlockKey(messageIndex, blockIndex)));
      return edited === null ? [] : [edited];
    }),
  }));
  const original = inherited.map(({ role, content }) => ({ role, content }));
  return canonicalizeValue(messages) === canonicalizeValue(original) ? undefined : messages;
}
