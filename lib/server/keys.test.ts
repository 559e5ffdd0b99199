import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createServerRuntime } from "@/lib/server/runtime";
import { parseServerConfig } from "@/lib/server/config";
import { createRedactor } from "@/lib/store/redact";
import {
  hasStoredKey,
  listProviderKeys,
  maskKey,
  readKeySource,
  readProviderDefaults,
  readProviderKey,
  resetKeyStoreCache,
  writeProviderDefaults,
  writeProviderKey,
  type KeyStoreConfig,
} from "./keys";

const ANTHROPIC_KEY = `sk-ant-api03-${"a".repeat(36)}WXYZ`;
const OPENAI_KEY = `sk-proj-${"b".repeat(30)}9876`;
const ENV_KEY = `sk-ant-api03-${"e".repeat(36)}ENV1`;

let dataDir: string;
let config: KeyStoreConfig;

beforeEach(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-keys-")), "data");
  config = { dataDir, anthropicApiKey: null, openaiApiKey: null };
  resetKeyStoreCache();
});

afterEach(() => {
  resetKeyStoreCache();
  vi.restoreAllMocks();
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

const keysFile = () => path.join(dataDir, "keys.json");
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe("keys entered in the settings page", () => {
  it("are written to a 0600 keys.json in the data dir, atomically, and survive a restart", () => {
    writeProviderKey("anthropic", ANTHROPIC_KEY, config);
    expect(modeOf(keysFile())).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(keysFile(), "utf8"))).toEqual({ anthropic: ANTHROPIC_KEY });
    expect(fs.readdirSync(dataDir)).toEqual(["keys.json"]);

    writeProviderKey("openai", OPENAI_KEY, config);
    expect(modeOf(keysFile())).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual(["keys.json"]);

    resetKeyStoreCache();
    expect(readProviderKey("anthropic", config)).toBe(ANTHROPIC_KEY);
    expect(readProviderKey("openai", config)).toBe(OPENAI_KEY);
    expect(readKeySource("anthropic", config)).toBe("settings");
  });

  it("are cleared by null, in memory and in the file", () => {
    writeProviderKey("anthropic", ANTHROPIC_KEY, config);
    writeProviderKey("openai", OPENAI_KEY, config);
    writeProviderKey("anthropic", null, config);
    expect(readProviderKey("anthropic", config)).toBeNull();
    expect(readKeySource("anthropic", config)).toBeNull();
    expect(hasStoredKey("anthropic", config)).toBe(false);
    expect(JSON.parse(fs.readFileSync(keysFile(), "utf8"))).toEqual({ openai: OPENAI_KEY });
    expect(listProviderKeys(config)).toEqual([OPENAI_KEY]);
  });

  it("lose to the environment's key, which is used and reported as the source", () => {
    const withEnv = { ...config, anthropicApiKey: ENV_KEY };
    writeProviderKey("anthropic", ANTHROPIC_KEY, withEnv);
    expect(readProviderKey("anthropic", withEnv)).toBe(ENV_KEY);
    expect(readKeySource("anthropic", withEnv)).toBe("env");
    expect(hasStoredKey("anthropic", withEnv)).toBe(true);
    // Both stay secrets for the redactor, the overridden one too.
    expect(listProviderKeys(withEnv)).toEqual([ENV_KEY, ANTHROPIC_KEY]);
  });

  it("tighten a keys.json that others could read when it is loaded", () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(keysFile(), JSON.stringify({ openai: OPENAI_KEY }), { mode: 0o644 });
    fs.chmodSync(keysFile(), 0o644);
    expect(readProviderKey("openai", config)).toBe(OPENAI_KEY);
    expect(modeOf(keysFile())).toBe(0o600);
  });

  it("start empty from a keys.json that is not a JSON object, with a warning that quotes nothing", () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(keysFile(), `{"anthropic": ${ANTHROPIC_KEY}`, { mode: 0o600 });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(readProviderKey("anthropic", config)).toBeNull();
    expect(warn.mock.calls).toEqual([
      [`${keysFile()} is not a JSON object; ignoring it (saving settings will replace it).`],
    ]);
  });

  it("reach a redactor built before they were entered", () => {
    const redact = createRedactor(() => listProviderKeys(config), []);
    const key = "custom-key-without-a-known-shape-1234";
    expect(redact({ text: `key ${key}` })).toEqual({ text: `key ${key}` });
    writeProviderKey("openai", key, config);
    expect(redact({ text: `key ${key}` })).toEqual({ text: "key [REDACTED]" });
  });
});

describe("the runtime's append-time redactor", () => {
  it("removes a key entered after the runtime started, and the environment's key", () => {
    const envKey = "env-key-of-no-known-shape-5678";
    const runtimeConfig = parseServerConfig({
      TOOLSCOPE_DATA_DIR: dataDir,
      TOOLSCOPE_TOKEN: "test-token-0123456789",
      OPENAI_API_KEY: envKey,
    });
    const { store } = createServerRuntime(runtimeConfig);
    store.createSession({ id: "s1", title: "Keys", provider: { kind: "offline" } });
    const typedKey = "typed-key-of-no-known-shape-1234";
    writeProviderKey("anthropic", typedKey, runtimeConfig);
    store.append("s1", {
      kind: "user.message",
      turn: 1,
      text: `${typedKey} ${envKey} test-token-0123456789`,
    });
    expect(store.events("s1").map((event) => event.kind === "user.message" && event.text)).toEqual([
      "[REDACTED] [REDACTED] [REDACTED]",
    ]);
  });
});

describe("provider defaults", () => {
  it("are set and cleared field by field in settings.json", () => {
    writeProviderDefaults("openai-chat", { model: "llama3.1", baseURL: "http://127.0.0.1:11434/v1" }, config);
    writeProviderDefaults("anthropic", { model: "claude-sonnet-4-5" }, config);
    expect(readProviderDefaults("openai-chat", config)).toEqual({
      model: "llama3.1",
      baseURL: "http://127.0.0.1:11434/v1",
    });
    writeProviderDefaults("openai-chat", { model: null }, config);
    writeProviderDefaults("anthropic", { model: null, baseURL: null }, config);
    resetKeyStoreCache();
    expect(readProviderDefaults("openai-chat", config)).toEqual({ baseURL: "http://127.0.0.1:11434/v1" });
    expect(readProviderDefaults("anthropic", config)).toEqual({});
    expect(readProviderDefaults("openai-responses", config)).toEqual({});
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "settings.json"), "utf8"))).toEqual({
      "openai-chat": { baseURL: "http://127.0.0.1:11434/v1" },
    });
  });
});

describe("maskKey", () => {
  it("shows the first 6 and last 4 characters of a key longer than 16, nothing of a shorter one", () => {
    expect(maskKey(ANTHROPIC_KEY)).toBe("sk-ant…WXYZ");
    expect(maskKey("abcdefghijklmnopq")).toBe("abcdef…nopq");
    expect(maskKey("abcdefghijklmnop")).toBeUndefined();
    expect(maskKey("short")).toBeUndefined();
  });
});
