/**
 * The offline model's answer after tool results: one short sentence per result, built from the
 * result's fields for the tools it knows (by name, from a registry), else a compact quote. Pure;
 * English only, as the rest of the model's words are.
 */
import "server-only";
import { isRecord } from "@/lib/protocol/json-value";
import type { ToolResultView } from "./read-request";

/** How many characters of a result the fallback sentence quotes. */
export const QUOTE_LIMIT = 200;

/** How many characters of a file or page a sentence quotes. */
const EXCERPT_LIMIT = 120;

/** How many directory entries a sentence names before "and N more". */
const ENTRY_LIMIT = 6;

/** `text` on one line, whitespace collapsed, cut to `limit` characters with an ellipsis. */
export function shortenText(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const characters = Array.from(flat);
  return characters.length > limit ? `${characters.slice(0, limit).join("")}…` : flat;
}

/** `text` ending in a full stop unless it already ends a sentence. */
export function endSentence(text: string): string {
  return /[.!?…]$/u.test(text) ? text : `${text}.`;
}

/** `items` as English lists them: "a", "a and b", "a, b and c". */
function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The result parsed as a JSON object, or `null`. */
function parseObject(content: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(content);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** A string argument of the answered call, or `fallback`. */
function readInput(result: ToolResultView, key: string, fallback: string): string {
  const value = result.input?.[key];
  return typeof value === "string" && value.length > 0 ? value : fallback;
}

/** A sentence about one successful result, or `null` to use the fallback quote. */
type Describer = (result: ToolResultView) => string | null;

/** "In Paris (FR) it is 18 °C and partly cloudy, with 62% humidity and wind at 14 km/h." */
const describeWeather: Describer = (result) => {
  const fields = parseObject(result.content);
  if (!fields || typeof fields.city !== "string" || typeof fields.temperature !== "number") return null;
  const place = typeof fields.country === "string" ? `${fields.city} (${fields.country})` : fields.city;
  const unit = fields.unit === "fahrenheit" ? "°F" : "°C";
  const condition = typeof fields.condition === "string" ? ` and ${fields.condition}` : "";
  const extras = [
    typeof fields.humidity_percent === "number" ? `${fields.humidity_percent}% humidity` : null,
    typeof fields.wind_kph === "number" ? `wind at ${fields.wind_kph} km/h` : null,
  ].filter((extra): extra is string => extra !== null);
  const tail = extras.length > 0 ? `, with ${listInWords(extras)}` : "";
  return `In ${place} it is ${fields.temperature} ${unit}${condition}${tail}.`;
};

/** "notes/todo.md reads: "# Todo - buy milk"." */
const describeFile: Describer = (result) => {
  const path = readInput(result, "path", "The file");
  const excerpt = shortenText(result.content, EXCERPT_LIMIT);
  return excerpt ? `${path} reads: "${excerpt}".` : `${path} is empty.`;
};

/** "notes/ has 3 entries: ideas.md, todo.md and drafts/." */
const describeListing: Describer = (result) => {
  const path = readInput(result, "path", "The directory");
  const entries = result.content.split(/\r?\n/).filter((line) => line.trim().length > 0);
  if (entries.length === 0) return `${path} is empty.`;
  const named = entries.slice(0, ENTRY_LIMIT);
  const more = entries.length - named.length;
  const list = more > 0 ? `${named.join(", ")} and ${more} more` : listInWords(named);
  return `${path} has ${entries.length} ${entries.length === 1 ? "entry" : "entries"}: ${list}.`;
};

/** "https://example.com/ answered 200 OK: "Example Domain…"." */
const describePage: Describer = (result) => {
  const [head = "", ...rest] = result.content.split(/\r?\n\r?\n/);
  const status = /^HTTP\/[\d.]+\s+(.+)$/m.exec(head)?.[1]?.trim();
  if (!status) return null;
  const excerpt = shortenText(rest.join(" "), EXCERPT_LIMIT);
  const url = readInput(result, "url", "The page");
  return excerpt ? `${url} answered ${status}: "${excerpt}".` : `${url} answered ${status}.`;
};

/** A result that already is one short sentence ("Wrote 8 characters to notes/a.md."). */
const describeSentence: Describer = (result) => {
  const text = shortenText(result.content, QUOTE_LIMIT);
  return /^\p{Lu}/u.test(text) || /=/.test(text) ? endSentence(text) : null;
};

/** A flat JSON object as "order_id ord_1, status created and currency EUR". */
const describeRecord: Describer = (result) => {
  const fields = parseObject(result.content);
  if (!fields) return null;
  const parts = Object.entries(fields).flatMap(([key, value]) =>
    typeof value === "string" || typeof value === "number" || typeof value === "boolean"
      ? [`${key} ${String(value)}`]
      : [],
  );
  if (parts.length === 0) return null;
  return `${result.toolName} returned ${shortenText(listInWords(parts), QUOTE_LIMIT)}.`;
};

/** The describers of the tools the offline model knows, by tool name. */
const DESCRIBERS: ReadonlyMap<string, Describer> = new Map([
  ["get_weather", describeWeather],
  ["read_file", describeFile],
  ["list_dir", describeListing],
  ["http_get", describePage],
  ["write_file", describeSentence],
  ["calculator", describeSentence],
  ["slow_task", describeSentence],
  ["flaky_tool", describeSentence],
  ["create_order", describeRecord],
  ["charge_card", describeRecord],
  ["send_receipt", describeRecord],
  ["send_notification", describeRecord],
]);

/** One sentence about one tool result, naming its tool (or its call id when no call matches). */
export function describeResult(result: ToolResultView): string {
  const call = `The tool call ${result.toolUseId || "(no id)"}`;
  if (result.isError) {
    const firstLine = result.content.split(/\r?\n/).find((line) => line.trim().length > 0) ?? "";
    const reason = firstLine ? shortenText(firstLine, QUOTE_LIMIT) : "no error message";
    return endSentence(`${result.toolName ? `The call to ${result.toolName}` : call} failed: ${reason}`);
  }
  const described = result.toolName ? DESCRIBERS.get(result.toolName)?.(result) : null;
  if (described) return described;
  // A tool name starts the sentence as is ("read_file returned…"), never capitalized.
  const subject = result.toolName ?? call;
  const quote = shortenText(result.content, QUOTE_LIMIT);
  return quote ? `${subject} returned "${quote}".` : `${subject} returned nothing.`;
}

/** The summary of every result of the turn, one sentence each, joined by spaces. */
export function summarizeResults(results: readonly ToolResultView[]): string {
  return results.map(describeResult).join(" ");
}
