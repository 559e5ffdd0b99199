import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** `npm run bench`: the benchmarks run as Vitest files, one at a time, and print their tables. */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("..", import.meta.url)) } },
  test: {
    include: ["bench/**/*.bench.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 300_000,
    alias: { "server-only": fileURLToPath(new URL("../lib/testing/server-only-stub.ts", import.meta.url)) },
  },
});
