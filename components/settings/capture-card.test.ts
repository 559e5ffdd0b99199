import { describe, expect, it } from "vitest";
import { buildExportLines, HIDDEN_KEY } from "./capture-card";

describe("the Capture section's lines to paste", () => {
  it("are two export lines: the base URL and the key", () => {
    expect(buildExportLines("ANTHROPIC", "http://127.0.0.1:3000/capture/anthropic", "tok")).toBe(
      "export ANTHROPIC_BASE_URL=http://127.0.0.1:3000/capture/anthropic\nexport ANTHROPIC_API_KEY=tok",
    );
    expect(buildExportLines("OPENAI", "http://h:1/capture/openai/v1", HIDDEN_KEY)).toBe(
      `export OPENAI_BASE_URL=http://h:1/capture/openai/v1\nexport OPENAI_API_KEY=${HIDDEN_KEY}`,
    );
  });
});
