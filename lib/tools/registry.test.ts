import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, test } from "vitest";
import { KNOWN_CITIES } from "./builtin-weather";
import {
  BUILTIN_TOOLS,
  DEFAULT_TOOL_NAMES,
  expandBuiltin,
  findBuiltinTool,
  listBuiltinTools,
  seedWorkspace,
} from "./registry";
import { createToolSession } from "./testing/create-tool-session";

const NAMES = [
  "read_file",
  "list_dir",
  "write_file",
  "calculator",
  "get_weather",
  "http_get",
  "slow_task",
  "flaky_tool",
  "create_order",
  "charge_card",
  "send_receipt",
  "send_notification",
];

type Schema = Record<string, unknown>;

/** Every object schema inside `schema` (itself included), with its JSON pointer. */
function listObjectSchemas(schema: Schema, pointer = ""): [string, Schema][] {
  const found: [string, Schema][] = schema.type === "object" ? [[pointer || "/", schema]] : [];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const [name, property] of Object.entries(properties))
    found.push(...listObjectSchemas(property, `${pointer}/properties/${name}`));
  if (schema.items) found.push(...listObjectSchemas(schema.items as Schema, `${pointer}/items`));
  return found;
}

describe("the built-in registry", () => {
  test("holds every built-in of docs/architecture.md in registry order, the workspace tools first", () => {
    expect([...BUILTIN_TOOLS.keys()]).toEqual(NAMES);
    expect(listBuiltinTools().map((tool) => tool.definition.name)).toEqual(NAMES);
  });

  test("gives a new session every built-in", () => {
    expect(DEFAULT_TOOL_NAMES).toEqual(NAMES);
  });

  test.each(["__proto__", "constructor", "toString", "hasOwnProperty", "READ_FILE", ""])(
    "%j is an unknown tool, not an inherited property",
    (name) => {
      expect(findBuiltinTool(name)).toBeUndefined();
      expect(expandBuiltin(name)).toBeUndefined();
    },
  );

  test("expands a built-in into a self-contained copy the caller may change", () => {
    const expanded = expandBuiltin("charge_card");
    expect(expanded).toMatchObject({
      name: "charge_card",
      builtin: "charge_card",
      meta: { needsApproval: true },
    });
    (expanded?.input_schema as Schema).required = [];
    expect(findBuiltinTool("charge_card")?.definition.input_schema.required).toEqual([
      "order_id",
      "amount",
      "currency",
    ]);
  });
});

describe.each(listBuiltinTools().map((tool) => [tool.definition.name, tool] as const))(
  "%s",
  (_name, tool) => {
    const { definition } = tool;

    test("declares all six metadata fields", () => {
      const { readOnly, destructive, idempotent, concurrencySafe, needsApproval, timeoutMs } =
        definition.meta;
      for (const flag of [readOnly, destructive, idempotent, concurrencySafe, needsApproval])
        expect(typeof flag).toBe("boolean");
      expect(Number.isInteger(timeoutMs) && (timeoutMs ?? 0) > 0).toBe(true);
      expect(Object.keys(definition.meta).sort()).toEqual([
        "concurrencySafe",
        "destructive",
        "idempotent",
        "needsApproval",
        "readOnly",
        "timeoutMs",
      ]);
      if (readOnly) expect([destructive, idempotent]).toEqual([false, true]);
    });

    test("has a description and a strict schema whose every property is described", () => {
      expect(definition.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(definition.description?.length).toBeGreaterThan(20);
      for (const [pointer, schema] of listObjectSchemas(definition.input_schema)) {
        expect(schema.additionalProperties, pointer).toBe(false);
        const properties = (schema.properties ?? {}) as Record<string, Schema>;
        for (const [name, property] of Object.entries(properties))
          expect(
            typeof property.description === "string" && property.description.length > 5,
            `${pointer}/${name}`,
          ).toBe(true);
        for (const required of (schema.required ?? []) as string[])
          expect(Object.hasOwn(properties, required)).toBe(true);
      }
    });

    test("compiles under ajv's strict mode, rejects unknown properties, and its defaults are valid", () => {
      const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
      const properties = (definition.input_schema.properties ?? {}) as Record<string, Schema>;
      for (const [name, property] of Object.entries(properties))
        if ("default" in property) expect(ajv.validate(property, property.default), name).toBe(true);
      const validate = ajv.compile(definition.input_schema);
      expect(validate({ unexpected: 1 })).toBe(false);
      expect(validate.errors?.some((error) => error.keyword === "additionalProperties")).toBe(true);
    });

    test("answers __proto__-shaped arguments with a result, never a throw", async () => {
      const args = JSON.parse('{"__proto__": {"path": "README.md"}, "constructor": "x"}') as Record<
        string,
        unknown
      >;
      const result = await createToolSession({ files: seedWorkspace() }).run(tool, args);
      expect(typeof result.content).toBe("string");
      expect(typeof result.isError).toBe("boolean");
    });
  },
);

describe("seedWorkspace", () => {
  test("seeds the notes, and data files that name the weather cities and two customers", () => {
    const files = seedWorkspace();
    expect(Object.keys(files)).toEqual([
      "README.md",
      "notes/todo.md",
      "notes/ideas.md",
      "data/cities.json",
      "data/customers.json",
    ]);
    expect(Object.keys(JSON.parse(files["data/cities.json"] ?? "") as object)).toEqual(KNOWN_CITIES);
    expect(JSON.parse(files["data/customers.json"] ?? "")).toMatchObject({
      "Ada Lovelace": { email: "ada@example.com", currency: "GBP" },
    });
    expect(seedWorkspace()).toEqual(files);
  });
});
