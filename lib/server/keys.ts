import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { KeyProvider } from "@/lib/providers/provider-checks";
import { loadServerConfig, type ServerConfig } from "./config";

export type { KeyProvider };
/**
 * Every key the store holds: the providers' (read by the provider registry too), and the key of
 * the OpenAI-compatible capture upstream (sent to the base URL set for OpenAI Chat or Responses,
 * never to api.openai.com).
 */
export type StoredKeyName = KeyProvider | "openai-compatible";
/** The providers with a default model and base URL of their own. */
export type ConfigurableProvider = "anthropic" | "openai-chat" | "openai-responses";
/** Where the key in use comes from: the environment wins over one entered in the settings page. */
export type KeySource = "env" | "settings";

/** Per-provider settings that are not secret (`settings.json`). */
export interface ProviderDefaults {
  model?: string;
  baseURL?: string;
}

/** A change to one provider's defaults: a string sets the field, `null` clears it, absent keeps it. */
export interface ProviderDefaultsChange {
  model?: string | null;
  baseURL?: string | null;
}

/** The part of the server config the key store reads. */
export type KeyStoreConfig = Pick<ServerConfig, "dataDir" | "anthropicApiKey" | "openaiApiKey"> &
  Partial<Pick<ServerConfig, "compatApiKey">>;

/** The file in the data dir with the keys entered in the settings page (mode 0600). */
export const KEYS_FILE_NAME = "keys.json";
/** The file in the data dir with each provider's default model and base URL. */
export const SETTINGS_FILE_NAME = "settings.json";

/** Every provider key the store holds, in the order pages show them. */
export const KEY_PROVIDERS: readonly KeyProvider[] = ["anthropic", "openai"];
/** Every key the store holds: the providers', then the OpenAI-compatible upstream's. */
export const STORED_KEYS: readonly StoredKeyName[] = [...KEY_PROVIDERS, "openai-compatible"];
/** Every provider with defaults of its own. */
export const CONFIGURABLE_PROVIDERS: readonly ConfigurableProvider[] = [
  "anthropic",
  "openai-chat",
  "openai-responses",
];

/** The environment variable that holds each provider's key. */
export const KEY_ENV_VARS: Readonly<Record<StoredKeyName, string>> = {
  anthropic: "ANTHROPIC_API_KEY",
  openai: "OPENAI_API_KEY",
  "openai-compatible": "TOOLSCOPE_COMPAT_API_KEY",
};

type StoredKeys = Partial<Record<StoredKeyName, string>>;
type StoredDefaults = Partial<Record<ConfigurableProvider, ProviderDefaults>>;
interface StoreState {
  keys: StoredKeys;
  defaults: StoredDefaults;
}

const CACHE_KEY = Symbol.for("toolscope.keyStore");
type StoreCache = { [CACHE_KEY]?: Map<string, StoreState> };

/**
 * The key a provider runs with: the environment's (`ANTHROPIC_API_KEY`, `OPENAI_API_KEY`,
 * `TOOLSCOPE_COMPAT_API_KEY`) when set, else the one entered in the settings page, else `null`. Keys stay on the server:
 * never in an event, an export, an API response or a log line.
 */
export function readProviderKey(
  provider: StoredKeyName,
  config: KeyStoreConfig = loadServerConfig(),
): string | null {
  return readEnvKey(provider, config) ?? loadState(config.dataDir).keys[provider] ?? null;
}

/** Where {@link readProviderKey}'s key comes from, or `null` when there is none. */
export function readKeySource(
  provider: StoredKeyName,
  config: KeyStoreConfig = loadServerConfig(),
): KeySource | null {
  if (readEnvKey(provider, config) !== null) return "env";
  return loadState(config.dataDir).keys[provider] !== undefined ? "settings" : null;
}

/** Whether a key entered in the settings page is stored (even when the environment's wins). */
export function hasStoredKey(provider: StoredKeyName, config: KeyStoreConfig = loadServerConfig()): boolean {
  return loadState(config.dataDir).keys[provider] !== undefined;
}

/**
 * Every key the server holds now — from the environment and from the settings page, including
 * a stored key the environment overrides — for the append-time redactor. Reads memory only.
 */
export function listProviderKeys(config: KeyStoreConfig = loadServerConfig()): readonly string[] {
  const stored = loadState(config.dataDir).keys;
  // Listed once per stored-keys object and config (a write replaces the object): every append's
  // redaction screen asks for this list.
  const cached = listedKeys.get(stored);
  if (cached?.config === config) return cached.keys;
  const found = STORED_KEYS.flatMap((provider) => [readEnvKey(provider, config), stored[provider]]);
  const keys = Object.freeze([...new Set(found.filter((key): key is string => typeof key === "string"))]);
  listedKeys.set(stored, { config, keys });
  return keys;
}

const listedKeys = new WeakMap<StoredKeys, { config: KeyStoreConfig; keys: readonly string[] }>();

/** A provider's default model and base URL from the settings page (a copy; empty when unset). */
export function readProviderDefaults(
  provider: ConfigurableProvider,
  config: Pick<ServerConfig, "dataDir"> = loadServerConfig(),
): ProviderDefaults {
  return { ...loadState(config.dataDir).defaults[provider] };
}

/**
 * Stores (a string) or clears (`null`) the settings-page key of `provider`: written atomically
 * to `keys.json` (mode 0600) first, then kept in memory. The environment's key still wins.
 * @throws Error from the file system when the file cannot be written; memory is then unchanged.
 */
export function writeProviderKey(
  provider: StoredKeyName,
  key: string | null,
  config: Pick<ServerConfig, "dataDir"> = loadServerConfig(),
): void {
  const state = loadState(config.dataDir);
  const keys: StoredKeys = { ...state.keys };
  if (key === null) delete keys[provider];
  else keys[provider] = key;
  writeJsonAtomic(path.join(config.dataDir, KEYS_FILE_NAME), keys);
  state.keys = keys;
}

/**
 * Applies `change` to a provider's defaults, written atomically to `settings.json`, then kept in
 * memory. @throws Error from the file system when the file cannot be written.
 */
export function writeProviderDefaults(
  provider: ConfigurableProvider,
  change: ProviderDefaultsChange,
  config: Pick<ServerConfig, "dataDir"> = loadServerConfig(),
): void {
  const state = loadState(config.dataDir);
  const next: ProviderDefaults = { ...state.defaults[provider] };
  for (const field of ["model", "baseURL"] as const) {
    const value = change[field];
    if (value === null) delete next[field];
    else if (value !== undefined) next[field] = value;
  }
  const defaults: StoredDefaults = { ...state.defaults, [provider]: next };
  if (Object.keys(next).length === 0) delete defaults[provider];
  writeJsonAtomic(path.join(config.dataDir, SETTINGS_FILE_NAME), defaults);
  state.defaults = defaults;
}

/**
 * A key shown masked: its first 6 and last 4 characters around an ellipsis, and only for a
 * key longer than 16 characters (a shorter one would be mostly revealed): otherwise `undefined`.
 */
export function maskKey(key: string): string | undefined {
  return key.length > 16 ? `${key.slice(0, 6)}…${key.slice(-4)}` : undefined;
}

/** Forgets what was loaded from the data dirs, so the next read loads the files again (tests). */
export function resetKeyStoreCache(): void {
  delete (globalThis as StoreCache)[CACHE_KEY];
}

function readEnvKey(provider: StoredKeyName, config: KeyStoreConfig): string | null {
  if (provider === "anthropic") return config.anthropicApiKey;
  if (provider === "openai") return config.openaiApiKey;
  return config.compatApiKey ?? null;
}

/** The store of one data dir, loaded from its files on first use and kept on `globalThis`. */
function loadState(dataDir: string): StoreState {
  const cache = ((globalThis as StoreCache)[CACHE_KEY] ??= new Map());
  let state = cache.get(dataDir);
  if (!state) {
    state = {
      keys: readKeysFile(path.join(dataDir, KEYS_FILE_NAME)),
      defaults: readDefaultsFile(path.join(dataDir, SETTINGS_FILE_NAME)),
    };
    cache.set(dataDir, state);
  }
  return state;
}

function readKeysFile(file: string): StoredKeys {
  const data = readJsonObject(file);
  if (data === null) return {};
  // Keys written by an older or hand-edited file may be readable by others: tighten it.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const keys: StoredKeys = {};
  for (const provider of STORED_KEYS) {
    const value = data[provider];
    if (typeof value === "string" && value.trim() !== "") keys[provider] = value.trim();
  }
  return keys;
}

function readDefaultsFile(file: string): StoredDefaults {
  const data = readJsonObject(file);
  const defaults: StoredDefaults = {};
  for (const provider of CONFIGURABLE_PROVIDERS) {
    const entry = data?.[provider];
    if (typeof entry !== "object" || entry === null) continue;
    const { model, baseURL } = entry as Record<string, unknown>;
    const picked: ProviderDefaults = {
      ...(typeof model === "string" && model !== "" ? { model } : {}),
      ...(typeof baseURL === "string" && baseURL !== "" ? { baseURL } : {}),
    };
    if (Object.keys(picked).length > 0) defaults[provider] = picked;
  }
  return defaults;
}

/** The JSON object in `file`; `null` when the file is missing or (with a warning naming only the file) unreadable. */
function readJsonObject(file: string): Record<string, unknown> | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data === "object" && data !== null && !Array.isArray(data))
      return data as Record<string, unknown>;
  } catch {
    // Fall through to the warning; the parser's message may quote the file, so it is not logged.
  }
  console.warn(`${file} is not a JSON object; ignoring it (saving settings will replace it).`);
  return null;
}

/** Writes `value` as JSON to a new 0600 file beside `file`, then renames it over `file` (also capture settings). */
export function writeJsonAtomic(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    const fd = fs.openSync(temporary, "wx", 0o600);
    try {
      fs.writeFileSync(fd, `${JSON.stringify(value, null, 2)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
