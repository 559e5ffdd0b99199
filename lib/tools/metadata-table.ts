/**
 * The built-in tools' metadata as a Markdown table, generated from the registry. The README
 * publishes it between `<!-- tools:start -->` and `<!-- tools:end -->`, and a test keeps the two
 * equal. The table is laid out as Prettier formats Markdown tables, so `prettier --check` agrees.
 */
import "server-only";
import type { ToolMeta } from "@/lib/trace/config";
import { listBuiltinTools } from "./registry";
import type { BuiltinTool } from "./types";

/** The metadata columns, in docs/architecture.md's order. */
export const META_COLUMNS = [
  "readOnly",
  "destructive",
  "idempotent",
  "concurrencySafe",
  "needsApproval",
  "timeoutMs",
] as const satisfies readonly (keyof ToolMeta)[];

/** The first sentence of a description: what the tool does, in one line. */
export function readFirstSentence(description: string): string {
  const end = /[.!?](?=\s+\p{Lu}|\s*$)/u.exec(description);
  return (end ? description.slice(0, end.index + 1) : description).replace(/\s+/g, " ").trim();
}

/** One cell's text, with pipes escaped so they do not split the row. */
function escapeCell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

/** A metadata value as the table shows it. */
function formatMeta(value: ToolMeta[keyof ToolMeta]): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  return value === undefined ? "—" : String(value);
}

/** The cells of one tool's row. */
function listCells(tool: BuiltinTool): string[] {
  const { name, description = "", meta } = tool.definition;
  return [
    `\`${name}\``,
    readFirstSentence(description),
    ...META_COLUMNS.map((column) => formatMeta(meta[column])),
  ];
}

/** How wide a cell is, in characters (not UTF-16 units: "…" counts once). */
function measureCell(cell: string): number {
  return Array.from(cell).length;
}

/** A row of cells, each padded to its column's width. */
function writeRow(cells: readonly string[], widths: readonly number[]): string {
  const padded = cells.map((cell, index) => cell + " ".repeat((widths[index] ?? 0) - measureCell(cell)));
  return `| ${padded.join(" | ")} |`;
}

/**
 * The Markdown table of every built-in tool, in registry order: `tool | what it does |` then
 * each metadata column. Columns are padded to their widest cell (at least 3), as Prettier does.
 */
export function renderToolTable(tools: readonly BuiltinTool[] = listBuiltinTools()): string {
  const header = ["tool", "what it does", ...META_COLUMNS];
  const rows = tools.map((tool) => listCells(tool).map(escapeCell));
  const widths = header.map((title, index) =>
    Math.max(3, measureCell(title), ...rows.map((row) => measureCell(row[index] ?? ""))),
  );
  const separator = `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`;
  return [writeRow(header, widths), separator, ...rows.map((row) => writeRow(row, widths))].join("\n");
}
