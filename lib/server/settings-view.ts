import "server-only";
import type { ProviderConfig } from "@/lib/trace/config";
import type { ProviderProblem } from "@/lib/providers/provider-checks";
import { loadServerConfig } from "./config";
import {
  CONFIGURABLE_PROVIDERS,
  hasStoredKey,
  KEY_ENV_VARS,
  STORED_KEYS,
  maskKey,
  readKeySource,
  readProviderDefaults,
  readProviderKey,
  writeProviderDefaults,
  writeProviderKey,
  type ConfigurableProvider,
  type KeyProvider,
  type KeySource,
  type KeyStoreConfig,
  type StoredKeyName,
  type ProviderDefaultsChange,
} from "./keys";

/** A key's status as pages may see it: never the key itself, at most {@link maskKey}'s preview. */
export interface KeyStatus {
  keySet: boolean;
  /** Where the key in use comes from (the environment wins), or `null` without one. */
  keySource: KeySource | null;
  /** First 6 and last 4 characters, only for a key longer than 16. */
  keyPreview?: string;
  /** The environment variable that would override a key entered in the settings page. */
  envVar: string;
  /** Whether a key entered in the settings page is stored, even when the environment's wins. */
  settingsKeySet: boolean;
}

/** A runnable provider: its key's status (shared by both OpenAI APIs), its defaults and whether it can run. */
export interface ProviderStatus extends KeyStatus {
  keyName: KeyProvider;
  model?: string;
  baseURL?: string;
  /** Whether `POST /api/sessions` would accept this provider now. */
  runnable: boolean;
  /** Why it cannot run, when it cannot. */
  reason?: string;
}

/** `GET /api/settings` and `PUT /api/settings` answer with this. */
export interface SettingsView {
  providers: {
    anthropic: ProviderStatus;
    openai: KeyStatus;
    "openai-chat": ProviderStatus;
    "openai-responses": ProviderStatus;
    /** The key of the OpenAI-compatible capture upstream (`TOOLSCOPE_COMPAT_API_KEY` wins). */
    "openai-compatible": KeyStatus;
  };
}

/** `PUT /api/settings`: `key: null` clears a settings key; `model`/`baseURL: null` clear a default. */
export interface SettingsUpdate {
  anthropic?: ProviderDefaultsChange & { key?: string | null };
  openai?: { key?: string | null };
  "openai-chat"?: ProviderDefaultsChange;
  "openai-responses"?: ProviderDefaultsChange;
  "openai-compatible"?: { key?: string | null };
}

/** Says why a provider config cannot run here (the provider registry's `explain`), `null` when it can. */
export type CheckProvider = (config: ProviderConfig) => ProviderProblem | string | null;

const KEY_OF: Readonly<Record<ConfigurableProvider, KeyProvider>> = {
  anthropic: "anthropic",
  "openai-chat": "openai",
  "openai-responses": "openai",
};

/** The settings as a page may see them: masked key status, defaults, and what can run. */
export function describeSettings(
  check: CheckProvider,
  config: KeyStoreConfig = loadServerConfig(),
): SettingsView {
  const describeProvider = (kind: ConfigurableProvider): ProviderStatus => {
    const keyName = KEY_OF[kind];
    const keyStatus = describeKey(keyName, config);
    const defaults = readProviderDefaults(kind, config);
    // Checked as the new-session form sends it: with the default model and base URL.
    const problem = check({ kind, ...defaults });
    const explained = typeof problem === "string" ? null : problem;
    return {
      ...keyStatus,
      keyName,
      ...defaults,
      runnable: problem === null,
      ...(problem === null ? {} : { reason: explained?.message ?? String(problem) }),
      ...(explained ? { reasonCode: explained.code, reasonParams: explained.params } : {}),
    };
  };
  return {
    providers: {
      anthropic: describeProvider("anthropic"),
      openai: describeKey("openai", config),
      "openai-chat": describeProvider("openai-chat"),
      "openai-responses": describeProvider("openai-responses"),
      "openai-compatible": describeKey("openai-compatible", config),
    },
  };
}

/**
 * Applies a validated update: keys first, then each provider's defaults. Keys are trimmed.
 * @throws Error from the file system when a file cannot be written (it names the file, never a key).
 */
export function updateSettings(update: SettingsUpdate, config: KeyStoreConfig = loadServerConfig()): void {
  for (const provider of STORED_KEYS) {
    const key = update[provider]?.key;
    if (key !== undefined) writeProviderKey(provider, key === null ? null : key.trim(), config);
  }
  for (const provider of CONFIGURABLE_PROVIDERS) {
    const entry = update[provider];
    if (entry === undefined) continue;
    const change: ProviderDefaultsChange = {
      ...(entry.model !== undefined ? { model: entry.model === null ? null : entry.model.trim() } : {}),
      ...(entry.baseURL !== undefined ? { baseURL: entry.baseURL } : {}),
    };
    if (Object.keys(change).length > 0) writeProviderDefaults(provider, change, config);
  }
}

function describeKey(provider: StoredKeyName, config: KeyStoreConfig): KeyStatus {
  const key = readProviderKey(provider, config);
  const keyPreview = key === null ? undefined : maskKey(key);
  return {
    keySet: key !== null,
    keySource: readKeySource(provider, config),
    ...(keyPreview === undefined ? {} : { keyPreview }),
    envVar: KEY_ENV_VARS[provider],
    settingsKeySet: hasStoredKey(provider, config),
  };
}
