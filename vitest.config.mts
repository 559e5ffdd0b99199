import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL(".", import.meta.url)) },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "app/**/*.test.ts",
      "components/**/*.test.ts",
      "scripts/**/*.test.ts",
      "i18n/**/*.test.ts",
    ],
    environment: "node",
    pool: "forks",
    // CI has two cores; property tests that compile schemas need room, never a race with a timer.
    testTimeout: 20_000,
    // `server-only` throws outside a React Server environment; tests run server code directly.
    alias: { "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)) },
  },
});
