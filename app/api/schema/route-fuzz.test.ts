/**
 * Fuzzing the stateless schema routes through their handlers: `POST /api/schema/lint` and
 * `POST /api/schema/validate` answer any body with 200 or 400 in docs/api.md's shapes — random JSON,
 * random schemas in well-formed bodies, and the deepest nesting that fits in the 1 MiB limit —
 * and never throw (lint and validate themselves are fuzzed in lib/schema).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbitraryInstance, arbitrarySchema } from "@/lib/schema/testing/arbitrary-schema";
import { POST as lint } from "./lint/route";
import { POST as validate } from "./validate/route";

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

type Handler = (request: Request) => Promise<Response>;

async function post(
  handler: Handler,
  body: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await handler(
    new Request("http://127.0.0.1:3000/api/schema", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function expectError(answer: { status: number; body: Record<string, unknown> }) {
  expect(answer.status).toBe(400);
  expect(typeof answer.body.error).toBe("string");
  expect(typeof answer.body.path).toBe("string");
}

/** `{"key":{"key":…}}` nested as deep as fits in `bytes`. */
function nest(key: string, inner: string, bytes: number): string {
  const open = `{"${key}":`;
  const depth = Math.floor((bytes - inner.length) / (open.length + 1));
  return open.repeat(depth) + inner + "}".repeat(depth);
}

const NEAR_LIMIT = 1024 * 1024 - 64;

describe("POST /api/schema/lint, fuzzed", () => {
  it(`answers random JSON bodies with 200 diagnostics or a 400 naming the field (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
        const answer = await post(lint, JSON.stringify(value));
        if (answer.status === 200) expect(Array.isArray(answer.body.diagnostics)).toBe(true);
        else expectError(answer);
      }),
      { numRuns: RUNS },
    );
  });

  it(`lints any schema in a well-formed body with 200 (${RUNS * 2} runs)`, async () => {
    const providers = fc.subarray(["anthropic", "openai", "openai-strict"]);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(arbitrarySchema, fc.jsonValue()),
        fc.string(),
        fc.option(fc.boolean(), { nil: undefined }),
        providers,
        async (schema, name, strict, chosen) => {
          const tool = {
            name,
            description: "d",
            input_schema: schema,
            ...(strict === undefined ? {} : { strict }),
          };
          const answer = await post(lint, JSON.stringify({ tool, providers: chosen }));
          expect(answer.status).toBe(200);
          expect(Array.isArray(answer.body.diagnostics)).toBe(true);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("lints the deepest schema that fits in 1 MiB", async () => {
    const body = `{"tool":{"name":"deep","input_schema":${nest("items", "{}", NEAR_LIMIT - 50)}}}`;
    expect(body.length).toBeLessThan(1024 * 1024);
    expect((await post(lint, body)).status).toBe(200);
  });
});

describe("POST /api/schema/validate, fuzzed", () => {
  it(`answers random JSON bodies with 200 or a 400 naming the field (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
        const answer = await post(validate, JSON.stringify(value));
        if (answer.status !== 200) expectError(answer);
      }),
      { numRuns: RUNS },
    );
  });

  it(`gives a verdict for any schema and input, one or many (${RUNS * 2} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(arbitrarySchema, fc.jsonValue()),
        fc.array(arbitraryInstance, { maxLength: 3 }),
        async (schema, inputs) => {
          const isSchemaShape =
            typeof schema === "boolean" ||
            (typeof schema === "object" && schema !== null && !Array.isArray(schema));
          const one = await post(validate, JSON.stringify({ schema, input: inputs[0] ?? null }));
          const many = await post(validate, JSON.stringify({ schema, inputs }));
          if (!isSchemaShape) {
            expectError(one);
            expectError(many);
            return;
          }
          expect(one.status).toBe(200);
          expect(one.body.valid).toBe((one.body.errors as unknown[]).length === 0);
          expect(many.status).toBe(200);
          expect((many.body.results as unknown[]).length).toBe(inputs.length);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it.each([
    ["not", "true"],
    ["items", "{}"],
    ["properties", '{"a":{}}'],
  ])("gives a verdict for the deepest %s nesting that fits in 1 MiB", async (key, inner) => {
    const schema =
      key === "properties"
        ? nest("a", `{"properties":${inner}}`, NEAR_LIMIT - 200)
        : nest(key, inner, NEAR_LIMIT - 50);
    const body = `{"schema":${schema},"input":[[[[[1]]]]]}`;
    expect(body.length).toBeLessThan(1024 * 1024);
    const answer = await post(validate, body);
    expect(answer.status).toBe(200);
    expect(typeof answer.body.valid).toBe("boolean");
  });
});
