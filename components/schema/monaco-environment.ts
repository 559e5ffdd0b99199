"use client";

import { loader } from "@monaco-editor/react";
import * as monaco from "monaco-editor";
import metaSchema from "./json-schema-2020-12.json";
import {
  TOOL_DEFINITION_SCHEMA,
  TOOL_DEFINITION_SCHEMA_URI,
  TOOL_MODEL_SUFFIX,
} from "./tool-definition-schema";

/**
 * Monaco from the local `monaco-editor` package, never a CDN (docs/stack.md, "Monaco without a CDN"):
 * every worker label gets a same-origin module worker bundled by Next (returning `undefined` for a
 * label breaks the editor), the React wrapper is told to use this instance, and the JSON language
 * service knows the tool-definition schema and the 2020-12 meta-schema without fetching anything.
 * Import this module only from code loaded with `next/dynamic` and `ssr: false`.
 */
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    if (label === "json") {
      return new Worker(new URL("monaco-editor/languages/features/json/json.worker", import.meta.url), {
        type: "module",
      });
    }
    return new Worker(new URL("monaco-editor/editor/editor.worker", import.meta.url), { type: "module" });
  },
};

loader.config({ monaco });

monaco.json.jsonDefaults.setDiagnosticsOptions({
  validate: true,
  allowComments: false,
  trailingCommas: "error",
  enableSchemaRequest: false,
  schemaRequest: "ignore",
  schemas: [
    { uri: TOOL_DEFINITION_SCHEMA_URI, fileMatch: [`*${TOOL_MODEL_SUFFIX}`], schema: TOOL_DEFINITION_SCHEMA },
    { uri: metaSchema.$id, schema: metaSchema },
  ],
});

export { monaco };
