/**
 * Fuzzing `POST /api/import` through its route handler with made-up input: random JSON, JSON
 * shaped like each kind of import, random text and SSE-like text. The contract each answer is
 * held to: lib/agent/import/testing/import-check.ts. Recorded files, damaged: route-fuzz-recorded.test.ts.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { anyJson, shapedJson, sseText } from "@/lib/agent/import/testing/arbitrary-import";
import { createImportChecker, type ImportChecker } from "@/lib/agent/import/testing/import-check";
import { openTestRuntime } from "@/lib/agent/import/testing/runtime";
import { setRuntime, type Runtime } from "@/lib/agent/runtime";
import { POST } from "./route";

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

let runtime: Runtime;
let dispose: () => void;
let check: ImportChecker;
beforeAll(() => {
  ({ runtime, dispose } = openTestRuntime());
  setRuntime(runtime);
  check = createImportChecker(runtime, POST);
});
afterAll(() => {
  setRuntime(undefined);
  dispose();
});

const json = (value: unknown) => check.json(value);
const text = (value: string) => check.text(value);

describe("POST /api/import, fuzzed with made-up input", () => {
  it(`answers random JSON with 201 or 4xx, never a throw (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(anyJson, async (value) => void (await json(value))),
      { numRuns: RUNS },
    );
  });

  it(`answers JSON shaped like every import kind with 201 or 4xx (${RUNS * 2} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(shapedJson, async (value) => void (await json(value))),
      { numRuns: RUNS * 2 },
    );
  });

  it(`answers random and SSE-like text with 201 or 4xx (${RUNS} runs each)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 200 }),
        async (value) => void (await text(value)),
      ),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(sseText, async (value) => void (await text(value))),
      { numRuns: RUNS },
    );
  });
});
