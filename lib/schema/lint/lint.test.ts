import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { freezeDeep, readFixtureJson } from "@/lib/protocol/testing/fixtures";
import { arbitrarySchema } from "@/lib/schema/testing/arbitrary-schema";
import { listBuiltinTools } from "@/lib/tools/registry";
import { comparePointers, lintToolDefinition } from "./lint";
import { LINT_RULES } from "./rules";
import { CLEAN_TOOL, buildTool } from "./testing/lint-helpers";
import type { LintableTool } from "./types";

/** A compact view of diagnostics: `severity rule [provider] path`. */
function summarize(tool: LintableTool, providers?: ("anthropic" | "openai" | "openai-strict")[]): string[] {
  return lintToolDefinition(tool, providers ? { providers } : {}).map(
    (d) => `${d.severity} ${d.rule}${d.provider ? ` [${d.provider}]` : ""} ${d.path}`,
  );
}

describe("lintToolDefinition", () => {
  it("finds nothing in a clean, well-described tool, for every provider, strict or not", () => {
    expect(lintToolDefinition(CLEAN_TOOL)).toEqual([]);
    expect(lintToolDefinition({ ...CLEAN_TOOL, strict: true })).toEqual([]);
  });

  it("sorts by path (indices numerically), then rule, then provider; shared rules carry no provider", () => {
    const enumValues = Array.from({ length: 11 }, (_, i) => (i === 2 || i === 10 ? String(i) : i));
    const tool = buildTool({
      type: "object",
      properties: { path: { type: "integer", enum: enumValues } },
    });
    expect(summarize(tool)).toEqual([
      "error openai-strict-additional-properties [openai-strict] /input_schema",
      "warning missing-property-description /input_schema/properties/path",
      "error openai-strict-all-required [openai-strict] /input_schema/properties/path",
      "warning enum-type-mismatch /input_schema/properties/path/enum/2",
      "warning enum-type-mismatch /input_schema/properties/path/enum/10",
    ]);
  });

  it("lists a rule once per chosen provider it applies to", () => {
    const tool = { ...buildTool({ type: "object", properties: {} }), strict: true };
    expect(summarize(tool, ["openai", "anthropic"])).toEqual([
      "error anthropic-strict-additional-properties [anthropic] /input_schema",
    ]);
    expect(summarize(tool, [])).toEqual([]);
    expect(summarize(tool)).toEqual([
      "error anthropic-strict-additional-properties [anthropic] /input_schema",
      "error openai-strict-additional-properties [openai-strict] /input_schema",
    ]);
  });

  it("is deterministic, and reads a frozen definition without changing it", () => {
    const tool = freezeDeep({
      name: "x y",
      input_schema: { type: "object", properties: { a: { default: 1, type: "string" } } },
    });
    expect(lintToolDefinition(tool)).toEqual(lintToolDefinition(structuredClone(tool)));
  });

  it("registers every rule id once", () => {
    const ids = LINT_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(19);
  });

  it("finds no errors in the built-in tools for Anthropic and OpenAI; only the short descriptions warn", () => {
    const found = listBuiltinTools().flatMap((tool) =>
      summarize(tool.definition, ["anthropic", "openai"]).map((line) => `${tool.definition.name}: ${line}`),
    );
    expect(found).toEqual([
      "read_file: warning short-tool-description /description",
      "list_dir: warning short-tool-description /description",
      "write_file: warning short-tool-description /description",
    ]);
  });

  it("holds the built-in tools' optional properties against OpenAI strict mode, which has none", () => {
    const found = listBuiltinTools().flatMap((tool) =>
      lintToolDefinition(tool.definition, { providers: ["openai-strict"] })
        .filter((d) => d.severity === "error")
        .map((d) => `${tool.definition.name}: ${d.rule} ${d.path}`),
    );
    expect(found).toEqual([
      "list_dir: openai-strict-all-required /input_schema/properties/path",
      "get_weather: openai-strict-all-required /input_schema/properties/unit",
      "slow_task: openai-strict-all-required /input_schema/properties/stepMs",
      "slow_task: openai-strict-all-required /input_schema/properties/steps",
      "flaky_tool: openai-strict-all-required /input_schema/properties/attempt",
      "flaky_tool: openai-strict-all-required /input_schema/properties/input",
    ]);
  });

  it("reads the recorded tools of the wire fixtures sensibly", () => {
    const anthropic = readFixtureJson<{ tools: LintableTool[] }>("anthropic-request-tool-use.json")
      .tools[0] as LintableTool;
    expect(summarize(anthropic)).toEqual(["warning short-tool-description /description"]);

    type ChatTool = { function: { name: string; description: string; parameters: unknown } };
    const chat = readFixtureJson<{ tools: ChatTool[] }>("openai-chat-request-parallel-tools.json")
      .tools[0] as ChatTool;
    const fromChat = {
      name: chat.function.name,
      description: chat.function.description,
      input_schema: chat.function.parameters,
    };
    expect(summarize(fromChat)).toEqual([
      "warning short-tool-description /description",
      "error openai-strict-additional-properties [openai-strict] /input_schema",
    ]);

    type ResponsesTool = { name: string; description: string; parameters: unknown; strict: boolean };
    const responses = readFixtureJson<{ tools: ResponsesTool[] }>(
      "openai-responses-request-function-call.json",
    ).tools[0] as ResponsesTool;
    const fromResponses = {
      name: responses.name,
      description: responses.description,
      input_schema: responses.parameters,
    };
    expect(summarize(fromResponses)).toEqual([
      "warning short-tool-description /description",
      "error openai-strict-additional-properties [openai-strict] /input_schema",
      "warning missing-property-description /input_schema/properties/location",
      "warning missing-property-description /input_schema/properties/unit",
      "error openai-strict-all-required [openai-strict] /input_schema/properties/unit",
    ]);
  });

  it("never throws on any JSON as input_schema or as the whole definition", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue(), arbitrarySchema),
        fc.jsonValue(),
        fc.boolean(),
        (schema, name, strict) => {
          const diagnostics = lintToolDefinition({ name, description: "d", input_schema: schema, strict });
          for (let i = 1; i < diagnostics.length; i += 1)
            expect(
              comparePointers(diagnostics[i - 1]?.path ?? "", diagnostics[i]?.path ?? ""),
            ).toBeLessThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (tool) => {
        expect(Array.isArray(lintToolDefinition(tool as LintableTool))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("survives a schema nested far deeper than any walker's recursion", () => {
    let deep: unknown = { type: "string" };
    for (let i = 0; i < 20_000; i += 1) deep = { type: "object", properties: { a: deep } };
    expect(() => lintToolDefinition(buildTool(deep))).not.toThrow();
  });
});

describe("comparePointers", () => {
  it("orders parents first and array indices as numbers", () => {
    const pointers = ["/a/10", "/a/2", "/a", "/b", "", "/a/2/x"];
    expect([...pointers].sort(comparePointers)).toEqual(["", "/a", "/a/2", "/a/2/x", "/a/10", "/b"]);
  });
});
