import { describe, expect, it } from "vitest";
import { POST } from "./route";

const SCHEMA = {
  type: "object",
  properties: { path: { type: "string" }, count: { type: "integer" } },
  required: ["path"],
  additionalProperties: false,
};

async function post(body: unknown): Promise<{ status: number; json: unknown }> {
  const request = new Request("http://127.0.0.1:3000/api/schema/validate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await POST(request);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return { status: response.status, json: await response.json() };
}

describe("POST /api/schema/validate", () => {
  it("validates one input: { schema, input } → { valid, errors }", async () => {
    expect(await post({ schema: SCHEMA, input: { count: "3", recursive: true } })).toEqual({
      status: 200,
      json: {
        valid: false,
        errors: [
          { path: "/path", message: "`path` is required", keyword: "required" },
          { path: "/recursive", message: "unexpected property `recursive`", keyword: "additionalProperties" },
          { path: "/count", message: '`count` must be an integer, got string "3"', keyword: "type" },
        ],
      },
    });
    expect(await post({ schema: SCHEMA, input: { path: "notes/todo.md" } })).toEqual({
      status: 200,
      json: { valid: true, errors: [] },
    });
  });

  it("validates a batch: { schema, inputs } → { results } in input order", async () => {
    expect(await post({ schema: SCHEMA, inputs: [{ path: "a" }, {}, null] })).toEqual({
      status: 200,
      json: {
        results: [
          { valid: true, errors: [] },
          { valid: false, errors: [{ path: "/path", message: "`path` is required", keyword: "required" }] },
          {
            valid: false,
            errors: [{ path: "", message: "the input must be an object, got null", keyword: "type" }],
          },
        ],
      },
    });
    expect(await post({ schema: SCHEMA, inputs: [] })).toEqual({ status: 200, json: { results: [] } });
  });

  it("treats an input of null as present", async () => {
    expect(await post({ schema: { type: "null" }, input: null })).toEqual({
      status: 200,
      json: { valid: true, errors: [] },
    });
  });

  it("accepts a boolean schema, and answers an invalid schema with a verdict, not a 400", async () => {
    expect(await post({ schema: false, input: 1 })).toEqual({
      status: 200,
      json: {
        valid: false,
        errors: [{ path: "", message: "the input is not allowed", keyword: "false schema" }],
      },
    });
    expect(await post({ schema: { type: "text" }, input: 1 })).toMatchObject({
      status: 200,
      json: { valid: false, errors: [{ path: "", keyword: "schema" }] },
    });
  });

  it.each([
    [
      "both input and inputs",
      { schema: SCHEMA, input: {}, inputs: [] },
      "Send either /input or /inputs, not both",
      "/inputs",
    ],
    [
      "neither input nor inputs",
      { schema: SCHEMA },
      "/input is required (or /inputs, to validate several)",
      "/input",
    ],
    [
      "a schema that is a number",
      { schema: 3, input: {} },
      "/schema must be an object or a boolean",
      "/schema",
    ],
    [
      "a schema that is an array",
      { schema: [], input: {} },
      "/schema must be an object or a boolean",
      "/schema",
    ],
    ["no schema", { input: {} }, "/schema is required", "/schema"],
    ["inputs that are not an array", { schema: SCHEMA, inputs: {} }, "/inputs must be an array", "/inputs"],
    [
      "an unknown field",
      { schema: SCHEMA, input: {}, strict: true },
      "unexpected property /strict",
      "/strict",
    ],
  ])("answers 400 naming the field for %s", async (_name, body, error, path) => {
    expect(await post(body)).toEqual({ status: 400, json: { error, path } });
  });

  it("answers 400 for more than 1,000 inputs", async () => {
    expect(await post({ schema: true, inputs: Array.from({ length: 1001 }, () => 0) })).toEqual({
      status: 400,
      json: { error: "/inputs must have at most 1000 items", path: "/inputs" },
    });
    expect((await post({ schema: true, inputs: Array.from({ length: 1000 }, () => 0) })).status).toBe(200);
  });
});
