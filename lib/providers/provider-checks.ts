/**
 * What the registry checks before a provider config may run: a key for the hosted APIs (none for
 * a local OpenAI-compatible server), a usable `baseURL`, and faults only where they can be
 * injected. Pure: keys are passed in.
 */
import "server-only";
import type { ProviderReasonCode } from "@/lib/contract/settings";
import type { ProviderConfig } from "@/lib/trace/config";

/** Whose key: Anthropic's, or OpenAI's (shared by Chat Completions and Responses). */
export type KeyProvider = "anthropic" | "openai";

/**
 * Reads the key the server holds for a provider, or null. Injected by the composition root (the
 * server's key store); lib/providers never reads keys itself (docs/architecture.md, "Layers").
 */
export type KeyReader = (provider: KeyProvider) => string | null;

const LOOPBACK_HOSTS = new Set(["localhost", "[::1]", "::1"]);

/** Whether `baseURL` names a server on this machine (loopback), which needs no key. */
export function isLocalBaseURL(baseURL: string | undefined): boolean {
  if (!baseURL) return false;
  try {
    const host = new URL(baseURL).hostname.toLowerCase();
    return LOOPBACK_HOSTS.has(host) || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/** The key a hosted provider needs: Anthropic's, or OpenAI's (both OpenAI formats). */
export function readKeyProvider(kind: ProviderConfig["kind"]): KeyProvider | null {
  if (kind === "anthropic") return "anthropic";
  if (kind === "openai-chat" || kind === "openai-responses") return "openai";
  return null;
}

const KEY_NAMES: Record<KeyProvider, { env: string; label: string }> = {
  anthropic: { env: "ANTHROPIC_API_KEY", label: "Anthropic" },
  openai: { env: "OPENAI_API_KEY", label: "OpenAI" },
};

/** What is wrong with a provider config whatever keys the server holds: the field (a JSON Pointer inside the config) and why. */
export interface ProviderShapeProblem {
  path: string;
  error: string;
}

/**
 * The checks a provider config must pass beyond its schema, whoever sent it and whatever keys the
 * server holds: a `baseURL` that is http(s), and faults only where they can be injected (offline).
 */
export function checkProviderShape(config: ProviderConfig): ProviderShapeProblem | null {
  if (config.baseURL !== undefined) {
    let protocol = "";
    try {
      protocol = new URL(config.baseURL).protocol;
    } catch {
      // Reported below.
    }
    if (protocol !== "http:" && protocol !== "https:")
      return {
        path: "/baseURL",
        error: `baseURL must be an http:// or https:// URL; got ${JSON.stringify(config.baseURL)}.`,
      };
  }
  if (config.kind !== "offline" && config.faults && config.faults.length > 0)
    return {
      path: "/faults",
      error:
        "Faults are injected by the offline model only; remove provider.faults or use the offline provider.",
    };
  return null;
}

/**
 * Why a provider cannot run, as a code and its parameters (which pages translate, see
 * `ProviderReasonCode` in lib/contract/settings.ts) beside the English message.
 */
export interface ProviderProblem {
  code: ProviderReasonCode;
  params: Record<string, string>;
  message: string;
}

/** The shape problem as a `ProviderProblem`. */
function describeShapeProblem(shape: ProviderShapeProblem, config: ProviderConfig): ProviderProblem {
  return shape.path === "/baseURL"
    ? { code: "bad_base_url", params: { baseURL: String(config.baseURL) }, message: shape.error }
    : { code: "faults_offline_only", params: {}, message: shape.error };
}

/** Why `config` cannot run with the keys `readKey` gives, or null when it can. */
export function findProviderProblem(config: ProviderConfig, readKey: KeyReader): ProviderProblem | null {
  const shape = checkProviderShape(config);
  if (shape) return describeShapeProblem(shape, config);
  const keyProvider = readKeyProvider(config.kind);
  if (keyProvider === null || readKey(keyProvider) || isLocalBaseURL(config.baseURL)) return null;
  const { env, label } = KEY_NAMES[keyProvider];
  const message =
    `No ${label} API key: set ${env} on the server or enter one on the settings page` +
    (keyProvider === "openai"
      ? ", or point baseURL at a local OpenAI-compatible server (Ollama, vLLM, LM Studio), which needs none."
      : ".");
  return {
    code: keyProvider === "openai" ? "no_openai_key" : "no_anthropic_key",
    params: { envVar: env },
    message,
  };
}

/** Why `config` cannot run with the keys `readKey` gives (the English message), or null when it can. */
export function checkProviderConfig(config: ProviderConfig, readKey: KeyReader): string | null {
  return findProviderProblem(config, readKey)?.message ?? null;
}
