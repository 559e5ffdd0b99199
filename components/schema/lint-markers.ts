import type { Diagnostic } from "./group-diagnostics";
import { findPointerRange } from "./json-pointer-range";

/** A marker for the editor, in character offsets of the current text (`end` exclusive). */
export interface EditorMarker {
  start: number;
  end: number;
  severity: Diagnostic["severity"];
  /** The rule id, shown as the marker's code. */
  code: string;
  message: string;
}

/**
 * Lint diagnostics as editor markers on `text`: each diagnostic's pointer mapped to a range (the
 * member's key; the nearest ancestor when the target is missing). A rule reported for several
 * providers at one path is one marker naming them. Markers follow the text's structure, so
 * diagnostics from a slightly older lint still land on the right key; text that is not JSON gets
 * none (the editor's own syntax error says why).
 */
export function buildLintMarkers(text: string, diagnostics: readonly Diagnostic[]): EditorMarker[] {
  const byKey = new Map<string, { diagnostic: Diagnostic; providers: string[] }>();
  for (const diagnostic of diagnostics) {
    const key = `${diagnostic.rule}\u0000${diagnostic.path}\u0000${diagnostic.message}`;
    const entry = byKey.get(key) ?? { diagnostic, providers: [] };
    if (diagnostic.provider) entry.providers.push(diagnostic.provider);
    byKey.set(key, entry);
  }
  const markers: EditorMarker[] = [];
  for (const { diagnostic, providers } of byKey.values()) {
    const range = findPointerRange(text, diagnostic.path);
    if (!range) return [];
    const scope = providers.length > 0 ? ` (${providers.join(", ")})` : "";
    markers.push({
      start: range.start,
      end: range.end,
      severity: diagnostic.severity,
      code: diagnostic.rule,
      message: `${diagnostic.message}${scope}`,
    });
  }
  return markers;
}
