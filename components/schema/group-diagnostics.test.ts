import { describe, expect, it } from "vitest";
import { countBySeverity, groupDiagnosticsByProvider, type Diagnostic } from "./group-diagnostics";

const shared: Diagnostic = {
  rule: "missing-tool-description",
  severity: "warning",
  path: "/description",
  message: "m1",
};
const strict: Diagnostic = {
  rule: "openai-strict-all-required",
  severity: "error",
  path: "/input_schema",
  message: "m2",
  provider: "openai-strict",
};
const typo: Diagnostic = {
  rule: "unknown-keyword",
  severity: "warning",
  path: "/input_schema/properies",
  message: "m3",
};
const anthropic: Diagnostic = { ...strict, rule: "name-format", provider: "anthropic", message: "m4" };

describe("groupDiagnosticsByProvider", () => {
  it("puts shared diagnostics first, then each provider in a fixed order, keeping the server's order within", () => {
    expect(groupDiagnosticsByProvider([strict, shared, anthropic, typo])).toEqual([
      { id: "all", diagnostics: [shared, typo] },
      { id: "anthropic", diagnostics: [anthropic] },
      { id: "openai-strict", diagnostics: [strict] },
    ]);
  });

  it("returns no groups for no diagnostics", () => {
    expect(groupDiagnosticsByProvider([])).toEqual([]);
  });
});

describe("countBySeverity", () => {
  it("counts each severity", () => {
    expect(countBySeverity([strict, shared, anthropic, typo])).toEqual({ error: 2, warning: 2, info: 0 });
  });
});
