import { describe, expect, it } from "vitest";
import { POST } from "./route";

const TOOL = {
  name: "read_file",
  description: "Read a file.",
  input_schema: {
    type: "object",
    properties: { path: { type: "string", description: "Workspace-relative path, e.g. notes/todo.md." } },
  },
};

async function post(body: unknown): Promise<{ status: number; json: unknown }> {
  const request = new Request("http://127.0.0.1:3000/api/schema/lint", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = await POST(request);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return { status: response.status, json: await response.json() };
}

describe("POST /api/schema/lint", () => {
  it("answers { diagnostics } for every provider by default", async () => {
    expect(await post({ tool: TOOL })).toEqual({
      status: 200,
      json: {
        diagnostics: [
          {
            rule: "short-tool-description",
            severity: "warning",
            path: "/description",
            message:
              "The description has 3 words; write at least 20 (Anthropic recommends 3–4 sentences): the description is the prompt the model reads to choose the tool, so say what it does, when to use it and when not, what it returns and its limits.",
          },
          {
            rule: "openai-strict-additional-properties",
            severity: "error",
            path: "/input_schema",
            message:
              'OpenAI strict mode needs "additionalProperties": false on every object schema: add it here.',
            provider: "openai-strict",
          },
          {
            rule: "openai-strict-all-required",
            severity: "error",
            path: "/input_schema/properties/path",
            message:
              'OpenAI strict mode needs every property in "required": add "path" to "required"; to keep it optional, let it be null too (e.g. "type": ["string", "null"]).',
            provider: "openai-strict",
          },
        ],
      },
    });
  });

  it("lints for the chosen providers only, and reports a broken schema as diagnostics", async () => {
    const { json } = await post({ tool: { ...TOOL, input_schema: 42 }, providers: ["anthropic"] });
    expect(
      (json as { diagnostics: { rule: string; path: string }[] }).diagnostics.map((d) => [d.rule, d.path]),
    ).toEqual([
      ["short-tool-description", "/description"],
      ["top-level-object", "/input_schema"],
    ]);
  });

  it("refuses an unknown provider with its path", async () => {
    expect(await post({ tool: TOOL, providers: ["anthropic", "gemini"] })).toEqual({
      status: 400,
      json: { error: "/providers/1 must be one of anthropic, openai, openai-strict", path: "/providers/1" },
    });
  });

  it("refuses a tool that is not an object, or has no name", async () => {
    expect(await post({ tool: "read_file" })).toEqual({
      status: 400,
      json: { error: "/tool must be an object", path: "/tool" },
    });
    expect(await post({ tool: { input_schema: {} } })).toEqual({
      status: 400,
      json: { error: "/tool/name is required", path: "/tool/name" },
    });
    expect(await post({})).toEqual({ status: 400, json: { error: "/tool is required", path: "/tool" } });
    expect(await post("{")).toMatchObject({ status: 400, json: { path: "" } });
  });
});
