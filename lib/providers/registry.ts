import "server-only";
import type { ServerConfig } from "@/lib/server/config";
import type { ProviderConfig, ProviderKind, ToolDefinition } from "@/lib/trace/config";
import { createAnthropicProvider } from "./anthropic";
import { systemClock } from "./clock";
import { createOfflineFetch } from "./offline/fetch";
import type { Clock, ModelProvider } from "./types";

/** What a backend may need from the run besides its config. */
export interface ProviderContext {
  clock: Clock;
  /** The session's tools; the offline model reads their metadata (read-only tools first). */
  tools: readonly ToolDefinition[];
}

export type ProviderFactory = (config: ProviderConfig, context: ProviderContext) => ModelProvider;

/** Model backends by kind. `check` says why a config cannot run here (null when it can). */
export interface ProviderFactories {
  check(config: ProviderConfig): string | null;
  create(config: ProviderConfig, context?: Partial<ProviderContext>): ModelProvider;
  /** Replaces a backend (tests register scripted models here). */
  register(kind: ProviderKind, factory: ProviderFactory): void;
}

export const OFFLINE_MODEL = "toolscope-offline-1";

export function createProviderFactories(server: Pick<ServerConfig, "anthropicApiKey">): ProviderFactories {
  const factories = new Map<ProviderKind, ProviderFactory>([
    [
      "offline",
      (config, { clock, tools }) =>
        createAnthropicProvider({
          apiKey: "offline",
          baseURL: "http://offline.invalid",
          fetch: createOfflineFetch({ clock, pace: config.pace ?? 0, toolMeta: readToolMeta(tools) }),
          clock,
          defaultModel: OFFLINE_MODEL,
        }),
    ],
    [
      "anthropic",
      (config, { clock }) =>
        createAnthropicProvider({
          apiKey: server.anthropicApiKey ?? "",
          ...(config.baseURL ? { baseURL: config.baseURL } : {}),
          clock,
          defaultModel: "claude-sonnet-4-5",
        }),
    ],
  ]);
  return {
    check(config) {
      if (!factories.has(config.kind))
        return `The ${config.kind} provider is not available in this build yet; use offline or anthropic.`;
      if (config.kind === "offline" && config.wire && config.wire !== "anthropic") {
        return `The offline model speaks only the anthropic wire format in this build; ${config.wire} is not available yet.`;
      }
      if (config.kind === "anthropic" && !server.anthropicApiKey)
        return "ANTHROPIC_API_KEY is not set on the server.";
      return null;
    },
    create(config, context = {}) {
      const factory = factories.get(config.kind);
      if (!factory) throw new Error(`No provider for ${config.kind}`);
      return factory(config, { clock: context.clock ?? systemClock, tools: context.tools ?? [] });
    },
    register(kind, factory) {
      factories.set(kind, factory);
    },
  };
}

function readToolMeta(tools: readonly ToolDefinition[]): Record<string, { readOnly?: boolean }> {
  return Object.fromEntries(tools.map((tool) => [tool.name, { readOnly: tool.meta?.readOnly === true }]));
}
