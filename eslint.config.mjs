// @ts-check
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/**
 * docs/architecture.md, "Layers and who may import whom", as lint rules. Cross-folder imports use the
 * `@/` alias (relative imports may not climb out of a folder), so these patterns see them all.
 */
/** Node's built-in modules, matched as whole module names (a folder named `stream` is not one). */
const NODE_BUILTINS_REGEX =
  "^(node:.*|fs|fs/.*|path|crypto|child_process|os|net|http|https|stream|url|util|worker_threads)$";
const SERVER_LIB = [
  "@/lib/agent*",
  "@/lib/store*",
  "@/lib/server*",
  "@/lib/providers*",
  "@/lib/pipeline*",
  "@/lib/tools*",
  "@/lib/schema*",
];
const SDKS = ["@anthropic-ai/sdk", "@anthropic-ai/sdk/*", "openai", "openai/*"];
const NO_CLIMBING = {
  group: ["../../*"],
  message: "Import across folders with the @/ alias so the layer rules apply.",
};
const NO_UI = {
  group: ["@/app/*", "@/components/*"],
  message: "lib/ never imports from app/ or components/.",
};

/** @param {({group: string[]} | {regex: string})[]} patterns */
function restrict(patterns, paths = []) {
  return { "no-restricted-imports": ["error", { patterns, paths }] };
}

const pure = (/** @type {string} */ layer, /** @type {string[]} */ allowed) =>
  restrict([
    NO_CLIMBING,
    NO_UI,
    { regex: NODE_BUILTINS_REGEX, message: `lib/${layer} is pure: no Node-only modules.` },
    {
      group: ["@/lib/*", ...allowed.map((a) => `!@/lib/${a}`), ...allowed.map((a) => `!@/lib/${a}/*`)],
      message: `lib/${layer} may import only ${allowed.join(", ")}.`,
    },
    ...(layer === "protocol"
      ? [{ group: SDKS, message: "lib/protocol imports no SDK (docs/architecture.md)." }]
      : []),
    { group: ["better-sqlite3", "server-only"], message: `lib/${layer} is pure.` },
  ]);

const config = [
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  { files: ["lib/trace/**"], rules: pure("trace", ["trace", "protocol"]) },
  { files: ["lib/protocol/**"], rules: pure("protocol", ["protocol"]) },
  { files: ["lib/schema/**"], rules: pure("schema", ["schema", "protocol", "trace"]) },
  { files: ["lib/contract/**"], rules: pure("contract", ["contract", "protocol", "trace"]) },
  { files: ["lib/**/*.test.ts", "lib/**/testing/**"], rules: { "no-restricted-imports": "off" } },
  {
    files: ["lib/**"],
    ignores: [
      "lib/trace/**",
      "lib/protocol/**",
      "lib/schema/**",
      "lib/contract/**",
      "lib/**/*.test.ts",
      "lib/**/testing/**",
    ],
    rules: restrict([NO_CLIMBING, NO_UI]),
  },
  { files: ["app/**"], rules: restrict([NO_CLIMBING]) },
  {
    files: ["components/**"],
    rules: restrict([
      NO_CLIMBING,
      {
        group: SERVER_LIB,
        allowTypeImports: true,
        message: "The browser reaches server code only through the API; import types only.",
      },
      { regex: NODE_BUILTINS_REGEX, message: "No Node-only modules in UI code." },
      { group: ["better-sqlite3", ...SDKS], message: "No server-only modules in UI code." },
    ]),
  },
];

export default config;
