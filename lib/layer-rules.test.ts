/**
 * The layer rules of eslint.config.mjs (docs/architecture.md, "Layers and who may import whom"),
 * run through ESLint's own Node API on one-line files placed in each layer: every rule refuses an
 * import it should and lets an allowed one through.
 */
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

let eslint: ESLint;
// The first lint loads the whole config and its plugins: done once here, with room on a busy machine.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText("export {};\n", { filePath: "lib/x.ts" });
}, 120_000);

/** The no-restricted-imports messages for a file at `filePath` importing `source`. */
async function lintImport(filePath: string, source: string, { typeOnly = false } = {}): Promise<string[]> {
  const code = typeOnly
    ? `import type { Thing } from "${source}";\nexport type Copy = Thing;\n`
    : `import { thing } from "${source}";\nexport const copy = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

type Case = [file: string, source: string, refusal: string | null];

/** `refusal` is a part of the message the rule must give, or null when the import is allowed. */
const CASES: Case[] = [
  ["lib/clock/x.ts", "@/lib/trace/events", "lib/clock may import nothing else from lib/"],
  ["lib/clock/x.ts", "@/lib/providers/types", "lib/clock may import nothing else from lib/"],
  ["lib/clock/x.ts", "@/lib/clock/types", null],
  ["lib/clock/x.ts", "./types", null],

  [
    "lib/store/x.ts",
    "@/lib/providers/types",
    "lib/store may import only lib/trace, lib/protocol, lib/schema, lib/clock",
  ],
  ["lib/store/x.ts", "@/lib/server/config", "lib/store may import only"],
  ["lib/store/x.ts", "@/lib/pipeline/types", "lib/store may import only"],
  ["lib/store/x.ts", "@/lib/agent/runtime", "lib/store may import only"],
  ["lib/store/x.ts", "@/lib/schema/linear-regex", null],
  ["lib/store/x.ts", "@/lib/trace/events", null],
  ["lib/store/x.ts", "@/lib/protocol/unified", null],
  ["lib/store/x.ts", "@/lib/clock/types", null],

  ["lib/pipeline/x.ts", "@/lib/providers/types", "lib/pipeline may not import lib/providers"],
  ["lib/pipeline/policy/x.ts", "@/lib/agent/runs", "lib/pipeline may not import lib/agent"],
  ["lib/pipeline/x.ts", "@/lib/lessons", "lib/pipeline may not import lib/lessons"],
  ["lib/pipeline/x.ts", "@/lib/server/config", "lib/pipeline may not import lib/server"],
  ["lib/pipeline/x.ts", "../providers/types", "Import another layer with the @/ alias"],
  ["lib/pipeline/x.ts", "@/lib/clock/types", null],
  ["lib/pipeline/x.ts", "@/lib/tools/registry", null],
  ["lib/pipeline/x.ts", "@/lib/store/redact", null],
  ["lib/pipeline/policy/x.ts", "../types", null],

  ["lib/tools/x.ts", "@/lib/providers/types", "lib/tools may not import lib/providers"],
  ["lib/tools/x.ts", "@/lib/agent/runtime", "lib/tools may not import lib/agent"],
  ["lib/tools/x.ts", "@/lib/pipeline/types", "lib/tools may not import lib/pipeline"],
  ["lib/tools/x.ts", "@/lib/clock/virtual-clock", null],
  ["lib/tools/x.ts", "@/lib/trace/config", null],

  ["lib/providers/x.ts", "@/lib/server/keys", "lib/providers may not import lib/server"],
  ["lib/providers/offline/x.ts", "@/lib/agent/runtime", "lib/providers may not import lib/agent"],
  ["lib/providers/x.ts", "@/lib/lessons/types", "lib/providers may not import lib/lessons"],
  ["lib/providers/x.ts", "@/lib/clock/types", null],
  ["lib/providers/x.ts", "@/lib/protocol/sse", null],
  ["lib/providers/offline/x.ts", "../types", null],

  ["lib/lessons/course/x.ts", "@/lib/providers/registry", "lib/lessons may import only lib/trace"],
  ["lib/lessons/x.ts", "@/lib/agent/runs", "lib/lessons may import only"],
  ["lib/lessons/x.ts", "@/lib/pipeline/types", "lib/lessons may import only"],
  ["lib/lessons/x.ts", "@/lib/providers/offline/script-types", null],
  ["lib/lessons/course/x.ts", "@/lib/providers/offline/plan", null],
  ["lib/lessons/x.ts", "@/lib/trace/config", null],
  ["lib/lessons/course/x.ts", "@/lib/lessons/types", null],

  ["lib/agent/x.ts", "@/lib/server/problem", "lib/agent may not import lib/server"],
  ["lib/agent/import/x.ts", "@/lib/server/body", "lib/agent may not import lib/server"],
  ["lib/agent/x.ts", "@/lib/lessons", null],
  ["lib/capture/x.ts", "@/lib/server/keys", "lib/capture may not import lib/server"],
  ["lib/capture/x.ts", "@/lib/lessons", "lib/capture may not import lib/lessons"],
  ["lib/capture/x.ts", "@/lib/agent/import/conversation", null],
  ["lib/capture/x.ts", "@/lib/providers/retry-wait", null],
  ["lib/agent/x.ts", "@/lib/providers/registry", null],
  ["lib/server/x.ts", "@/lib/agent/runtime", null],
  ["lib/server/x.ts", "@/components/thing", "lib/ never imports from app/ or components/"],

  ["lib/trace/x.ts", "@/lib/clock/types", "lib/trace may import only lib/protocol"],
  ["lib/trace/x.ts", "node:fs", "lib/trace is pure"],
  ["lib/protocol/x.ts", "openai", "lib/protocol imports no SDK"],
  ["lib/contract/x.ts", "@/lib/trace/config", null],
];

describe("the layer rules of eslint.config.mjs", () => {
  it.each(CASES)("%s importing %s: %s", async (file, source, refusal) => {
    const messages = await lintImport(file, source);
    expect(messages).toEqual(refusal === null ? [] : [expect.stringContaining(refusal)]);
  });

  it("exempts tests and testing/ helpers, which wire real layers together", async () => {
    expect(await lintImport("lib/pipeline/x.test.ts", "@/lib/providers/types")).toEqual([]);
    expect(await lintImport("lib/lessons/testing/x.ts", "@/lib/agent/runs")).toEqual([]);
  });

  it("lets components import server layers' types only", async () => {
    expect(await lintImport("components/x/y.tsx", "@/lib/lessons/types")).toEqual([
      expect.stringContaining("import types only"),
    ]);
    expect(await lintImport("components/x/y.tsx", "@/lib/lessons/types", { typeOnly: true })).toEqual([]);
    expect(await lintImport("components/x/y.tsx", "@/lib/clock/system-clock")).toEqual([
      expect.stringContaining("import types only"),
    ]);
  });
});
