/**
 * Lining up the four shapes of one conversation message by message, for the side-by-side view.
 * The shapes do not map one to one (Chat sends each tool result as its own `tool` message,
 * Responses each call as its own `function_call` item), but every one alternates between what
 * the user side sent (text, tool results) and what the model said (text, calls, reasoning). So
 * each shape is cut into runs of one side, and the n-th run of every shape is one row. Pure.
 */
import type { TranscriptFormat } from "@/lib/contract/transcript";

export type Side = "system" | "user" | "assistant";

/** A run of consecutive entries of one side. */
export interface SideRun<T> {
  side: Side;
  entries: T[];
}

/** `entries` cut into runs of one side; consecutive entries of the same side share a run. */
export function groupBySide<T>(entries: readonly T[], sideOf: (entry: T) => Side): SideRun<T>[] {
  const runs: SideRun<T>[] = [];
  for (const entry of entries) {
    const side = sideOf(entry);
    const last = runs.at(-1);
    if (last && last.side === side) last.entries.push(entry);
    else runs.push({ side, entries: [entry] });
  }
  return runs;
}

/** One row of the side-by-side view: each shape's run at this position (absent when it has none). */
export interface AlignedRow<T> {
  side: Side;
  cells: Partial<Record<TranscriptFormat, SideRun<T>>>;
}

/**
 * The rows of the view: first the system runs (when any shape has one), then the n-th non-system
 * run of every shape. A row's side is that of its first present cell.
 */
export function alignRuns<T>(columns: Partial<Record<TranscriptFormat, SideRun<T>[]>>): AlignedRow<T>[] {
  const formats = Object.keys(columns) as TranscriptFormat[];
  const rows: AlignedRow<T>[] = [];
  const system: AlignedRow<T> = { side: "system", cells: {} };
  const rest: Partial<Record<TranscriptFormat, SideRun<T>[]>> = {};
  for (const format of formats) {
    const runs = columns[format] ?? [];
    const first = runs[0];
    if (first?.side === "system") system.cells[format] = first;
    rest[format] = runs.filter((run, index) => !(index === 0 && run.side === "system"));
  }
  if (Object.keys(system.cells).length > 0) rows.push(system);
  const length = Math.max(0, ...formats.map((format) => rest[format]?.length ?? 0));
  for (let index = 0; index < length; index++) {
    const cells: AlignedRow<T>["cells"] = {};
    for (const format of formats) {
      const run = rest[format]?.[index];
      if (run) cells[format] = run;
    }
    const side = Object.values(cells)[0]?.side ?? "user";
    rows.push({ side, cells });
  }
  return rows;
}

/** The side of a Chat Completions message. */
export function sideOfChatMessage(message: { role: string }): Side {
  if (message.role === "system" || message.role === "developer") return "system";
  return message.role === "assistant" ? "assistant" : "user";
}

/** The side of a Responses input item: calls and reasoning are the model's, outputs the user's. */
export function sideOfResponsesItem(item: { type: string; role?: string }): Side {
  switch (item.type) {
    case "function_call":
    case "reasoning":
      return "assistant";
    case "function_call_output":
      return "user";
    default:
      return sideOfChatMessage({ role: item.role ?? "user" });
  }
}
