import "server-only";
import type { Clock } from "@/lib/clock/types";
import { systemClock } from "@/lib/clock/system-clock";
import { DEFAULT_ANTHROPIC_MODEL } from "@/lib/contract/models";
import { assertNever } from "@/lib/protocol/unified";
import type { ProviderConfig, ProviderKind, ToolDefinition } from "@/lib/trace/config";
import { createAnthropicProvider, DEFAULT_MAX_RETRIES } from "./anthropic";
import { createOfflineFetch } from "./offline/fetch";
import type { OfflinePlanner } from "./offline/types";
import { createOpenAIChatProvider } from "./openai-chat";
import { createOpenAIResponsesProvider } from "./openai-responses";
import {
  findProviderProblem,
  isLocalBaseURL,
  readKeyProvider,
  type KeyReader,
  type ProviderProblem,
} from "./provider-checks";
import type { ModelProvider } from "./types";

/** What a backend may need from the run besides its config. */
export interface ProviderContext {
  clock: Clock;
  /** The session's tools; the offline model reads their metadata (read-only tools first). */
  tools: readonly ToolDefinition[];
  /** The offline model's planners asked before its defaults: a lesson's script. Others ignore it. */
  planners?: readonly OfflinePlanner[];
}

export type ProviderFactory = (config: ProviderConfig, context: ProviderContext) => ModelProvider;

/** Model backends by kind. `check` says why a config cannot run here (null when it can). */
export interface ProviderFactories {
  check(config: ProviderConfig): string | null;
  /** The same as `check`, as a code and parameters a page translates beside the English message. */
  explain(config: ProviderConfig): ProviderProblem | null;
  create(config: ProviderConfig, context?: Partial<ProviderContext>): ModelProvider;
  /** Replaces a backend (tests register scripted models here). */
  register(kind: ProviderKind, factory: ProviderFactory): void;
}

/** What the registry is given by whoever composes the runtime. */
export interface ProviderFactoriesOptions {
  /**
   * Reads a hosted provider's key, asked on every `check` and every `create` (so a key entered on
   * the settings page counts from the next run on). Returns null when the server holds none.
   */
  readKey: KeyReader;
}

export const OFFLINE_MODEL = "toolscope-offline-1";
export { DEFAULT_ANTHROPIC_MODEL };
export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
/** The key sent to a local OpenAI-compatible server that needs none (the SDK requires one). */
const LOCAL_SERVER_KEY = "no-key-needed";
const OFFLINE_BASE_URL = "http://offline.invalid";

/** The offline model in the SDK of its `wire` format. */
const createOfflineProvider: ProviderFactory = (config, { clock, tools, planners }) => {
  const transport = createOfflineFetch({
    clock,
    pace: config.pace ?? 0,
    toolMeta: readToolMeta(tools),
    faults: config.faults ?? [],
    planners: planners ?? [],
  });
  const common = {
    apiKey: "offline",
    fetch: transport,
    clock,
    defaultModel: OFFLINE_MODEL,
    maxRetries: DEFAULT_MAX_RETRIES,
  };
  const wire = config.wire ?? "anthropic";
  switch (wire) {
    case "anthropic":
      return createAnthropicProvider({ ...common, baseURL: OFFLINE_BASE_URL });
    case "openai-chat":
      return createOpenAIChatProvider({ ...common, baseURL: `${OFFLINE_BASE_URL}/v1` });
    case "openai-responses":
      return createOpenAIResponsesProvider({ ...common, baseURL: `${OFFLINE_BASE_URL}/v1` });
    default:
      return assertNever(wire, "wire format");
  }
};

/**
 * The model backends: the offline model (in any of the three wire formats, with its faults) and
 * the hosted ones through their SDKs — `anthropic`, `openai-chat`, `openai-responses` — each with
 * the config's `baseURL` and `maxRetries` of {@link DEFAULT_MAX_RETRIES}. Keys are read when a
 * provider is created, so a key entered on the settings page counts from the next run on.
 */
export function createProviderFactories({ readKey }: ProviderFactoriesOptions): ProviderFactories {
  const readKeyFor = (config: ProviderConfig): string => {
    const provider = readKeyProvider(config.kind);
    const key = provider ? readKey(provider) : null;
    return key ?? (isLocalBaseURL(config.baseURL) ? LOCAL_SERVER_KEY : "");
  };
  const readHostedOptions = (config: ProviderConfig, { clock }: ProviderContext) => ({
    apiKey: readKeyFor(config),
    ...(config.baseURL ? { baseURL: config.baseURL } : {}),
    clock,
    maxRetries: DEFAULT_MAX_RETRIES,
  });
  const factories = new Map<ProviderKind, ProviderFactory>([
    ["offline", createOfflineProvider],
    [
      "anthropic",
      (config, context) =>
        createAnthropicProvider({
          ...readHostedOptions(config, context),
          defaultModel: DEFAULT_ANTHROPIC_MODEL,
        }),
    ],
    [
      "openai-chat",
      (config, context) =>
        createOpenAIChatProvider({
          ...readHostedOptions(config, context),
          defaultModel: DEFAULT_OPENAI_MODEL,
        }),
    ],
    [
      "openai-responses",
      (config, context) =>
        createOpenAIResponsesProvider({
          ...readHostedOptions(config, context),
          defaultModel: DEFAULT_OPENAI_MODEL,
        }),
    ],
  ]);
  return {
    check(config) {
      return this.explain(config)?.message ?? null;
    },
    explain(config) {
      if (!factories.has(config.kind))
        return {
          code: "unavailable",
          params: { kind: config.kind },
          message: `The ${config.kind} provider is not available in this build.`,
        };
      return findProviderProblem(config, readKey);
    },
    create(config, context = {}) {
      const factory = factories.get(config.kind);
      if (!factory) throw new Error(`No provider for ${config.kind}`);
      return factory(config, {
        clock: context.clock ?? systemClock,
        tools: context.tools ?? [],
        ...(context.planners ? { planners: context.planners } : {}),
      });
    },
    register(kind, factory) {
      factories.set(kind, factory);
    },
  };
}

function readToolMeta(tools: readonly ToolDefinition[]): Record<string, { readOnly?: boolean }> {
  return Object.fromEntries(tools.map((tool) => [tool.name, { readOnly: tool.meta?.readOnly === true }]));
}
