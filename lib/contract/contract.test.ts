import { Kind, type Static, type TSchema } from "@sinclair/typebox";
import { describe, expect, expectTypeOf, it } from "vitest";
import { getAjv } from "@/lib/schema/ajv";
import type { Breakpoints, PolicyConfig, ProviderConfig, ToolDefinition } from "@/lib/trace/config";
import * as capture from "./capture";
import * as config from "./config";
import * as errors from "./errors";
import * as events from "./events";
import * as fork from "./fork";
import * as health from "./health";
import * as importing from "./import";
import * as lessons from "./lessons";
import * as pipeline from "./pipeline";
import * as replay from "./replay";
import * as runs from "./runs";
import * as schema from "./schema";
import * as sessions from "./sessions";
import * as settings from "./settings";
import * as transcript from "./transcript";

const modules = {
  capture,
  config,
  errors,
  events,
  fork,
  health,
  importing,
  lessons,
  pipeline,
  replay,
  runs,
  schema,
  sessions,
  settings,
  transcript,
};

const isSchema = (value: unknown): value is TSchema =>
  typeof value === "object" && value !== null && Kind in value;

describe("lib/contract", () => {
  it("every exported schema compiles on the server's ajv", () => {
    const failures: string[] = [];
    let count = 0;
    for (const [file, exported] of Object.entries(modules))
      for (const [name, value] of Object.entries(exported)) {
        if (!isSchema(value)) continue;
        count += 1;
        try {
          getAjv("2020-12").compile(value);
        } catch (error) {
          failures.push(`${file}.${name}: ${(error as Error).message}`);
        }
      }
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(50);
  });

  it("the request schemas' static types agree with lib/trace's configuration types", () => {
    expectTypeOf<Static<typeof config.ProviderConfigSchema>>().toEqualTypeOf<ProviderConfig>();
    expectTypeOf<Static<typeof config.CustomTool>>().toExtend<ToolDefinition>();
    expectTypeOf<Static<typeof config.PolicyConfigSchema>>().toExtend<PolicyConfig>();
    expectTypeOf<Static<typeof runs.BreakpointsBody>>().toEqualTypeOf<Partial<Breakpoints>>();
  });

  it("a recorded tool schema accepts a built-in as recorded and refuses an undeclared field", () => {
    const validate = getAjv("2020-12").compile(config.ToolDefinitionSchema);
    const tool: ToolDefinition = {
      name: "read_file",
      input_schema: { type: "object" },
      meta: { readOnly: true },
      builtin: "read_file",
    };
    expect(validate(tool)).toBe(true);
    expect(validate({ ...tool, colour: "red" })).toBe(false);
  });
});
