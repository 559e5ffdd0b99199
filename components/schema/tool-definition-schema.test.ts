import { describe, expect, it } from "vitest";
import metaSchema from "./json-schema-2020-12.json";
import { createToolTemplate } from "./tool-drafts";
import {
  buildToolModelPath,
  JSON_SCHEMA_META_URI,
  TOOL_DEFINITION_SCHEMA,
  TOOL_MODEL_SUFFIX,
} from "./tool-definition-schema";

/** Every `$ref` value anywhere in a document. */
function collectRefs(value: unknown, refs: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => collectRefs(item, refs));
  else if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") refs.push(child);
      else collectRefs(child, refs);
    }
  }
  return refs;
}

describe("the bundled JSON Schema 2020-12 meta-schema", () => {
  it("is the 2020-12 dialect, in one document the language service can resolve without fetching", () => {
    expect(metaSchema.$id).toBe("https://json-schema.org/draft/2020-12/schema");
    const refs = new Set(collectRefs(metaSchema));
    for (const ref of refs) {
      expect(ref === "#" || ref.startsWith("#/$defs/")).toBe(true);
      if (ref !== "#") expect(Object.keys(metaSchema.$defs)).toContain(ref.slice("#/$defs/".length));
    }
    expect(JSON.stringify(metaSchema)).not.toContain('"$dynamicRef":"#meta"');
  });

  it("documents every keyword for hover", () => {
    const keywords = Object.entries(metaSchema.properties);
    expect(keywords.length).toBe(61);
    for (const [keyword, schema] of keywords) {
      expect([keyword, typeof (schema as { markdownDescription?: unknown }).markdownDescription]).toEqual([
        keyword,
        "string",
      ]);
    }
  });
});

describe("the tool-definition schema", () => {
  it("points input_schema at the meta-schema and knows every field of a new tool", () => {
    expect(TOOL_DEFINITION_SCHEMA.properties.input_schema.$ref).toBe(JSON_SCHEMA_META_URI);
    const template = JSON.parse(createToolTemplate([])) as Record<string, unknown>;
    for (const key of Object.keys(template))
      expect(Object.keys(TOOL_DEFINITION_SCHEMA.properties)).toContain(key);
  });

  it("names one editor model per session and tool, matched by the schema's suffix", () => {
    expect(buildToolModelPath("s 1", "read_notes")).toBe(
      `inmemory://toolscope/s%201/saved/read_notes${TOOL_MODEL_SUFFIX}`,
    );
    expect(buildToolModelPath("s1", null)).not.toBe(buildToolModelPath("s1", "new"));
  });
});
