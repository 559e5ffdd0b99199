"use client";

import { Editor } from "@monaco-editor/react";
import type * as Monaco from "monaco-editor";
import { useEffect, useState } from "react";
import type { EditorMarker } from "./lint-markers";
import { monaco } from "./monaco-environment";

/** Markers this app sets; Monaco's own JSON diagnostics keep theirs under `json`. */
const LINT_OWNER = "toolscope-lint";

const SEVERITY: Record<EditorMarker["severity"], Monaco.MarkerSeverity> = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
};

export interface MonacoJsonEditorProps {
  /** The model's URI; a path ending in `.tool.json` gets the tool-definition schema. */
  path: string;
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  /** Lint markers in offsets of `value`. */
  markers: readonly EditorMarker[];
  ariaLabel: string;
  /** Shown while Monaco starts. */
  loadingLabel: string;
}

function isDarkPage(): boolean {
  const theme = document.documentElement.dataset.theme;
  if (theme) return theme === "dark";
  return window.matchMedia("(prefers-color-scheme: dark)").matches;
}

/**
 * A JSON editor on the bundled Monaco: schema completion, hover and validation come from the
 * JSON language service (see `monaco-environment.ts`); lint findings are set as markers.
 */
export function MonacoJsonEditor({
  path,
  value,
  onChange,
  readOnly,
  markers,
  ariaLabel,
  loadingLabel,
}: MonacoJsonEditorProps) {
  const [editor, setEditor] = useState<Monaco.editor.IStandaloneCodeEditor | null>(null);

  useEffect(() => {
    const model = editor?.getModel();
    if (!model) return;
    const length = model.getValueLength();
    monaco.editor.setModelMarkers(
      model,
      LINT_OWNER,
      markers.map((marker) => {
        const start = model.getPositionAt(Math.min(marker.start, length));
        const end = model.getPositionAt(Math.min(marker.end, length));
        return {
          severity: SEVERITY[marker.severity],
          message: marker.message,
          code: marker.code,
          source: "toolscope lint",
          startLineNumber: start.lineNumber,
          startColumn: start.column,
          endLineNumber: end.lineNumber,
          endColumn: end.column,
        };
      }),
    );
  }, [editor, markers, value]);

  return (
    <Editor
      path={path}
      language="json"
      value={value}
      theme={isDarkPage() ? "vs-dark" : "vs"}
      onChange={(next) => onChange(next ?? "")}
      onMount={(mounted) => setEditor(mounted)}
      loading={loadingLabel}
      options={{
        readOnly,
        ariaLabel,
        minimap: { enabled: false },
        fontSize: 12,
        tabSize: 2,
        wordWrap: "on",
        scrollBeyondLastLine: false,
        automaticLayout: true,
        fixedOverflowWidgets: true,
        lineNumbersMinChars: 3,
        folding: true,
        renderValidationDecorations: "on",
      }}
    />
  );
}
