/**
 * Fuzzing `POST /api/import` through its route handler with made-up input: random JSON, JSON
 * shaped like each kind of import, random text and SSE-like text. The contract each answer is
 * held to: lib/server/testing/import-check.ts. Recorded files, damaged: route-fuzz-recorded.test.ts.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { anyJson, shapedJson, sseText } from "@/lib/agent/import/testing/arbitrary-import";
import { FUZZ_RUNS, openImportFixture } from "@/lib/server/testing/import-check";
import { POST } from "./route";

const RUNS = FUZZ_RUNS;

const fixture = openImportFixture(POST);
const json = (value: unknown) => fixture.check.json(value);
const text = (value: string) => fixture.check.text(value);

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
