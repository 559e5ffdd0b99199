import { readDraft, type DraftStorage } from "@/components/schema/draft-storage";
import { parseToolDraft, type DraftProblem } from "@/components/schema/tool-drafts";
import type { ToolDefinition } from "@/lib/trace/config";

/** Which definition a replay runs the call with: the session's, or the Tools pane's draft. */
export type ReplayToolChoice = "current" | "draft";

/**
 * The Tools pane's unsaved draft of a tool, as the replay dialog offers it: none; one that is
 * not a definition yet (why, as the editor says it); or a definition the replay can send.
 */
export type ReplayDraft =
  | { kind: "none" }
  | ({ kind: "invalid" } & DraftProblem)
  | { kind: "ready"; tool: ToolDefinition; text: string };

/**
 * Reads the draft of `toolName` in `sessionId` (the Tools pane keeps one per session and tool,
 * keyed by the tool's saved name). Never throws; unreadable storage is no draft.
 */
export function readReplayDraft(
  storage: DraftStorage | null,
  sessionId: string,
  toolName: string,
): ReplayDraft {
  const text = readDraft(storage, sessionId, toolName);
  if (text === null) return { kind: "none" };
  const parsed = parseToolDraft(text);
  if (!parsed.ok) {
    const { ok: _ok, ...problem } = parsed;
    return { kind: "invalid", ...problem };
  }
  return { kind: "ready", tool: parsed.tool, text };
}

/** The `tool` of the replay body: the draft's definition when it was chosen and is ready. */
export function pickReplayTool(choice: ReplayToolChoice, draft: ReplayDraft): ToolDefinition | undefined {
  return choice === "draft" && draft.kind === "ready" ? draft.tool : undefined;
}
