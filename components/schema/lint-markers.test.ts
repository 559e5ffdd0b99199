import { describe, expect, it } from "vitest";
import type { Diagnostic } from "./group-diagnostics";
import { buildLintMarkers } from "./lint-markers";

const text = '{"name": "x", "input_schema": {"type": "object", "properies": {}}}';
const typo: Diagnostic = {
  rule: "unknown-keyword",
  severity: "warning",
  path: "/input_schema/properies",
  message: "Did you mean properties?",
};
const missing: Diagnostic = {
  rule: "missing-tool-description",
  severity: "warning",
  path: "/description",
  message: "Add a description.",
};
const strict = (provider: "openai" | "openai-strict"): Diagnostic => ({
  rule: "openai-strict-additional-properties",
  severity: "error",
  path: "/input_schema",
  message: "Set additionalProperties to false.",
  provider,
});

describe("buildLintMarkers", () => {
  it("puts a marker on the key a pointer names, or on the root when the target is missing", () => {
    const start = text.indexOf('"properies"');
    expect(buildLintMarkers(text, [missing, typo])).toEqual([
      {
        start: 0,
        end: 1,
        severity: "warning",
        code: "missing-tool-description",
        message: "Add a description.",
      },
      {
        start,
        end: start + '"properies"'.length,
        severity: "warning",
        code: "unknown-keyword",
        message: "Did you mean properties?",
      },
    ]);
  });

  it("makes one marker of a rule reported for several providers at one path", () => {
    const start = text.indexOf('"input_schema"');
    expect(buildLintMarkers(text, [strict("openai"), strict("openai-strict")])).toEqual([
      {
        start,
        end: start + '"input_schema"'.length,
        severity: "error",
        code: "openai-strict-additional-properties",
        message: "Set additionalProperties to false. (openai, openai-strict)",
      },
    ]);
  });

  it("gives text that is not JSON no markers", () => {
    expect(buildLintMarkers('{"name": ', [typo])).toEqual([]);
  });
});
