import type { ToolMeta } from "@/lib/trace/config";

export type Hint = "readOnlyHint" | "destructiveHint" | "idempotentHint" | "openWorldHint";

/** The MCP spec's value of each hint when a server leaves it out. */
export const HINT_DEFAULTS: Readonly<Record<Hint, boolean>> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

const HINTS = Object.keys(HINT_DEFAULTS) as Hint[];

export interface HintReading {
  hint: Hint;
  value: boolean;
  /** `server` — the tool's annotations say so; `default` — absent, the spec's default applies. */
  from: "server" | "default";
}

/** What the derived metadata means under the default policy, as message keys of `Mcp.effect`. */
export type MetaEffect = "approval" | "parallel" | "sequential" | "retrySafe";

export interface MetaExplanation {
  /** No annotations at all: every hint is the spec's default. */
  unannotated: boolean;
  hints: HintReading[];
  effects: MetaEffect[];
}

/**
 * Why a tool got the metadata it did: each hint as the server gave it or as the spec's default,
 * and what the metadata does under the default policy — destructive or `needsApproval` waits for
 * a person; read-only and concurrency-safe runs in parallel with other such calls; anything else
 * runs alone, in order. (`destructiveHint` only means something when `readOnlyHint` is false.)
 */
export function explainMeta(given: unknown, meta: ToolMeta): MetaExplanation {
  const annotations =
    typeof given === "object" && given !== null ? (given as Partial<Record<Hint, unknown>>) : undefined;
  const hints = HINTS.map((hint): HintReading => {
    const given = annotations?.[hint];
    return typeof given === "boolean"
      ? { hint, value: given, from: "server" }
      : { hint, value: HINT_DEFAULTS[hint], from: "default" };
  });
  const effects: MetaEffect[] = [];
  if (meta.destructive === true || meta.needsApproval === true) effects.push("approval");
  effects.push(meta.readOnly === true && meta.concurrencySafe === true ? "parallel" : "sequential");
  if (meta.idempotent === true) effects.push("retrySafe");
  const unannotated = !annotations || HINTS.every((hint) => typeof annotations[hint] !== "boolean");
  return { unannotated, hints, effects };
}
