import { describe, expect, it } from "vitest";
import { summarizeProviders } from "./provider-summary";

const error = (provider?: "anthropic" | "openai" | "openai-strict") => ({
  rule: "r",
  severity: "error" as const,
  path: "/input_schema",
  message: "m",
  ...(provider ? { provider } : {}),
});
const warning = { rule: "w", severity: "warning" as const, path: "", message: "m" };

describe("summarizeProviders answers 'will this server's tools work with my provider?'", () => {
  it("counts a provider's own findings for it alone and a shared finding for every provider", () => {
    const tools = [
      { name: "read", lint: [] },
      { name: "search", lint: [error("openai-strict")] },
      { name: "write", lint: [warning] },
      { name: "both", lint: [error("openai"), error("openai-strict"), warning] },
    ];
    expect(summarizeProviders(tools)).toEqual([
      { provider: "anthropic", verdict: "warnings", refused: [], warned: ["write", "both"], total: 4 },
      { provider: "openai", verdict: "errors", refused: ["both"], warned: ["write"], total: 4 },
      {
        provider: "openai-strict",
        verdict: "errors",
        refused: ["search", "both"],
        warned: ["write"],
        total: 4,
      },
    ]);
  });

  it("says ok for a clean server and for a server with no tools", () => {
    expect(summarizeProviders([{ name: "a", lint: [] }]).map((s) => s.verdict)).toEqual(["ok", "ok", "ok"]);
    expect(summarizeProviders([]).map((s) => [s.verdict, s.total])).toEqual([
      ["ok", 0],
      ["ok", 0],
      ["ok", 0],
    ]);
  });
});
