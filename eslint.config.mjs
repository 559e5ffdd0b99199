// @ts-check
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/**
 * docs/architecture.md, "Layers and who may import whom", as lint rules. Cross-folder imports use the
 * `@/` alias (relative imports may not climb out of a folder, nor reach another layer), so these
 * patterns see them all. lib/layer-rules.test.ts proves each rule fails and passes where it should.
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
  "@/lib/lessons*",
  "@/lib/clock*",
  "@/lib/mcp*",
];
const SDKS = [
  "@anthropic-ai/sdk",
  "@anthropic-ai/sdk/*",
  "openai",
  "openai/*",
  "@modelcontextprotocol/sdk",
  "@modelcontextprotocol/sdk/*",
];
const LAYERS_DOC = 'docs/architecture.md, "Layers and who may import whom"';

/** @typedef {{ group: string[], message: string, allowTypeImports?: boolean } | { regex: string, message: string }} Pattern */

const NO_CLIMBING = {
  group: ["../../*"],
  message: "Import across folders with the @/ alias so the layer rules apply.",
};
const NO_UI = {
  group: ["@/app/*", "@/components/*"],
  message: "lib/ never imports from app/ or components/.",
};
/** Every folder of lib/ that is a layer (capture and mcp are to come). */
const LAYER_NAMES = [
  "agent",
  "capture",
  "clock",
  "contract",
  "lessons",
  "mcp",
  "otel",
  "pipeline",
  "protocol",
  "providers",
  "schema",
  "server",
  "store",
  "tools",
  "trace",
];
/** `../store/x` from lib/pipeline/y.ts climbs one folder only, yet reaches another layer. */
const NO_RELATIVE_LAYER = {
  regex: `^(\\.\\./)+(${LAYER_NAMES.join("|")})(/|$)`,
  message: "Import another layer with the @/ alias so the layer rules apply.",
};

/** @param {Pattern[]} patterns */
function restrict(patterns, paths = []) {
  return { "no-restricted-imports": ["error", { patterns, paths }] };
}

/**
 * What one layer of lib/ may import from the others (itself always): `only` the folders listed
 * (a folder may be a sub-folder, as `providers/offline`), or anything but those in `never`, each
 * with the reason. `pure` adds the pure layers' rules: no Node-only or server-only module.
 * @typedef {{ only?: string[], never?: Record<string, string>, pure?: boolean, extra?: Pattern[] }} Layer
 */
/** @type {Record<string, Layer>} */
const LAYERS = {
  clock: { only: [] },
  trace: { pure: true, only: ["protocol"] },
  protocol: {
    pure: true,
    only: [],
    extra: [{ group: SDKS, message: "lib/protocol imports no SDK (docs/architecture.md)." }],
  },
  schema: { pure: true, only: ["protocol", "trace"] },
  contract: { pure: true, only: ["protocol", "trace"] },
  otel: { pure: true, only: ["protocol", "trace"] },
  store: { only: ["trace", "protocol", "schema", "clock"] },
  tools: {
    never: {
      pipeline: "the pipeline runs the tools, not the reverse.",
      providers: "tools know nothing of models; time comes from lib/clock.",
      lessons: "lessons sit above the tools.",
      agent: "the agent drives the tools, not the reverse.",
      server: "lib/server composes the layers, not the reverse.",
    },
  },
  pipeline: {
    never: {
      providers: "the pipeline knows nothing of models; time comes from lib/clock.",
      lessons: "lessons sit above the pipeline.",
      agent: "the agent drives the pipeline, not the reverse.",
      server: "lib/server composes the layers, not the reverse.",
    },
  },
  providers: {
    never: {
      lessons: "lessons use the offline model's script types, not the reverse.",
      agent: "the agent drives the providers, not the reverse.",
      server: "keys and config are injected (a key reader), never read here.",
    },
  },
  mcp: {
    never: {
      pipeline: "the pipeline runs MCP tools through the caller lib/agent gives it, not the reverse.",
      providers: "MCP servers are tool sources; they know nothing of models.",
      lessons: "lessons sit above the tool sources.",
      agent: "the agent drives the MCP connections, not the reverse.",
      server: "lib/server composes the layers, not the reverse.",
      store: "events reach the log through lib/agent.",
    },
  },
  lessons: { only: ["trace", "protocol", "providers/offline"] },
  agent: { never: { server: "lib/server composes the agent, not the reverse." } },
  capture: {
    never: {
      server: "lib/server reads the HTTP request and the keys and composes the capture, not the reverse.",
      lessons: "lessons know nothing of captured traffic.",
    },
  },
  server: {},
};

const escapeRegex = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The no-restricted-imports patterns of the layer `name`. */
function readLayerPatterns(/** @type {string} */ name, /** @type {Layer} */ layer) {
  /** @type {Pattern[]} */
  const patterns = [NO_CLIMBING, NO_UI, NO_RELATIVE_LAYER];
  if (layer.pure)
    patterns.push(
      { regex: NODE_BUILTINS_REGEX, message: `lib/${name} is pure: no Node-only modules.` },
      { group: ["better-sqlite3", "server-only"], message: `lib/${name} is pure.` },
    );
  if (layer.only) {
    const allowed = [name, ...layer.only].map(escapeRegex).join("|");
    const listed = layer.only.map((folder) => `lib/${folder}`).join(", ");
    patterns.push({
      regex: `^@/lib/(?!(${allowed})(/|$))`,
      message: `lib/${name} may import ${listed ? `only ${listed}` : "nothing else"} from lib/ (${LAYERS_DOC}).`,
    });
  }
  for (const [denied, why] of Object.entries(layer.never ?? {}))
    patterns.push({
      regex: `^@/lib/${escapeRegex(denied)}(/|$)`,
      message: `lib/${name} may not import lib/${denied}: ${why} (${LAYERS_DOC})`,
    });
  return [...patterns, ...(layer.extra ?? [])];
}

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
  // The later block wins: a lib/ file outside every layer folder, then each layer's own rules,
  // then tests and testing/ helpers, which are exempt (they wire real layers together); so are
  // the UI's tests, last.
  { files: ["lib/**"], rules: restrict([NO_CLIMBING, NO_UI, NO_RELATIVE_LAYER]) },
  ...Object.entries(LAYERS).map(([name, layer]) => ({
    files: [`lib/${name}/**`],
    rules: restrict(readLayerPatterns(name, layer)),
  })),
  { files: ["lib/**/*.test.ts", "lib/**/testing/**"], rules: { "no-restricted-imports": "off" } },
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
  // A UI module's test may wire the real server layers behind the API it calls (as lib's do).
  { files: ["components/**/*.test.ts", "components/**/*.test.tsx"], rules: restrict([NO_CLIMBING]) },
];

export default config;
