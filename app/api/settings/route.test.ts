import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Runtime } from "@/lib/agent/runtime";
import { getRuntime, setRuntime } from "@/lib/server/runtime";
import { createProviderFactories } from "@/lib/providers/registry";
import { loadServerConfig, resetServerConfigCache } from "@/lib/server/config";
import { readProviderKey, resetKeyStoreCache } from "@/lib/server/keys";
import { GET, PUT } from "./route";

const KEY = `sk-ant-api03-${"k".repeat(36)}XYZ1`;
const ENV_OPENAI_KEY = `sk-proj-${"e".repeat(32)}ENV9`;
const NO_KEY = {
  keySet: false,
  keySource: null,
  settingsKeySet: false,
};

let root: string;

/** The registry as the runtime composes it: keys from this process's server config. */
function createConfigProviders() {
  const config = loadServerConfig();
  return createProviderFactories({ readKey: (provider) => readProviderKey(provider, config) });
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-settings-"));
  vi.stubEnv("TOOLSCOPE_DATA_DIR", root);
  vi.stubEnv("ANTHROPIC_API_KEY", "");
  vi.stubEnv("OPENAI_API_KEY", ENV_OPENAI_KEY);
  resetServerConfigCache();
  resetKeyStoreCache();
  // Only the provider registry's `check` is read by this route.
  setRuntime({ providers: createConfigProviders() } as Runtime);
});

afterEach(() => {
  setRuntime(undefined);
  vi.unstubAllEnvs();
  resetServerConfigCache();
  resetKeyStoreCache();
  fs.rmSync(root, { recursive: true, force: true });
});

async function put(body: unknown): Promise<{ status: number; text: string }> {
  const request = new Request("http://127.0.0.1:3000/api/settings", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = await PUT(request);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return { status: response.status, text: await response.text() };
}

const openaiKeyFromEnv = {
  keySet: true,
  keySource: "env",
  keyPreview: "sk-pro…ENV9",
  envVar: "OPENAI_API_KEY",
  settingsKeySet: false,
};

describe("GET /api/settings", () => {
  it("shows each provider's key status masked, where it comes from, and why it cannot run", async () => {
    const response = GET();
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).not.toContain(ENV_OPENAI_KEY);
    // The reason is the provider registry's own, the one POST /api/sessions would give.
    const anthropicReason = getRuntime().providers.check({ kind: "anthropic" });
    expect(anthropicReason).toContain("ANTHROPIC_API_KEY");
    const { providers } = JSON.parse(text) as { providers: Record<string, Record<string, unknown>> };
    expect(providers.anthropic).toEqual({
      ...NO_KEY,
      envVar: "ANTHROPIC_API_KEY",
      keyName: "anthropic",
      runnable: false,
      reason: anthropicReason,
      // The same reason as a code and parameters, which pages translate.
      reasonCode: "no_anthropic_key",
      reasonParams: { envVar: "ANTHROPIC_API_KEY" },
    });
    expect(providers.openai).toEqual(openaiKeyFromEnv);
    expect(providers["openai-chat"]).toMatchObject({ ...openaiKeyFromEnv, keyName: "openai" });
    expect(providers["openai-compatible"]).toEqual({ ...NO_KEY, envVar: "TOOLSCOPE_COMPAT_API_KEY" });
    expect(Object.keys(providers)).toEqual([
      "anthropic",
      "openai",
      "openai-chat",
      "openai-responses",
      "openai-compatible",
    ]);
  });
});

describe("PUT /api/settings", () => {
  it("stores a key in a 0600 file and answers with its masked preview, never the key", async () => {
    const saved = await put({ anthropic: { key: `  ${KEY}\n`.trim(), model: " claude-sonnet-4-5 " } });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(KEY);
    const { providers } = JSON.parse(saved.text) as { providers: Record<string, Record<string, unknown>> };
    expect(providers.anthropic).toMatchObject({
      keySet: true,
      keySource: "settings",
      keyPreview: "sk-ant…XYZ1",
      settingsKeySet: true,
      model: "claude-sonnet-4-5",
    });
    expect(fs.statSync(path.join(root, "keys.json")).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(path.join(root, "keys.json"), "utf8"))).toEqual({ anthropic: KEY });
    expect((await GET().text()).includes(KEY)).toBe(false);
  });

  it("keeps the environment's key in use when one is entered too, and says so", async () => {
    const other = `sk-proj-${"s".repeat(32)}SET1`;
    const { text } = await put({ openai: { key: other } });
    const { providers } = JSON.parse(text) as { providers: Record<string, unknown> };
    expect(providers.openai).toEqual({ ...openaiKeyFromEnv, settingsKeySet: true });
    expect(text).not.toContain(other);
  });

  it("stores the OpenAI-compatible upstream's key like the others: masked, 0600, cleared with null; the environment's wins", async () => {
    const compat = `compat-${"c".repeat(24)}CMP7`;
    const saved = await put({ "openai-compatible": { key: compat } });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(compat);
    const status = () => (JSON.parse(saved.text) as { providers: Record<string, unknown> }).providers;
    expect(status()["openai-compatible"]).toEqual({
      keySet: true,
      keySource: "settings",
      keyPreview: "compat…CMP7",
      envVar: "TOOLSCOPE_COMPAT_API_KEY",
      settingsKeySet: true,
    });
    expect(fs.statSync(path.join(root, "keys.json")).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(path.join(root, "keys.json"), "utf8"))).toEqual({
      "openai-compatible": compat,
    });
    expect(readProviderKey("openai-compatible", loadServerConfig())).toBe(compat);

    vi.stubEnv("TOOLSCOPE_COMPAT_API_KEY", `env-${"v".repeat(24)}ENV3`);
    resetServerConfigCache();
    const withEnv = JSON.parse(await GET().text()) as { providers: Record<string, unknown> };
    expect(withEnv.providers["openai-compatible"]).toMatchObject({
      keySource: "env",
      keyPreview: "env-vv…ENV3",
      settingsKeySet: true,
    });
    expect(readProviderKey("openai-compatible", loadServerConfig())).toBe(`env-${"v".repeat(24)}ENV3`);

    const cleared = await put({ "openai-compatible": { key: null } });
    expect(JSON.parse(cleared.text).providers["openai-compatible"]).toMatchObject({ settingsKeySet: false });
    expect(JSON.parse(fs.readFileSync(path.join(root, "keys.json"), "utf8"))).toEqual({});
  });

  it("clears a key with null, and defaults with null", async () => {
    await put({
      anthropic: { key: KEY },
      "openai-chat": { model: "llama3.1", baseURL: "http://127.0.0.1:11434/v1" },
    });
    const { status, text } = await put({ anthropic: { key: null }, "openai-chat": { model: null } });
    expect(status).toBe(200);
    const { providers } = JSON.parse(text) as { providers: Record<string, Record<string, unknown>> };
    expect(providers.anthropic).toMatchObject({ ...NO_KEY, runnable: false });
    expect(providers.anthropic).not.toHaveProperty("keyPreview");
    expect(providers["openai-chat"]).toMatchObject({ baseURL: "http://127.0.0.1:11434/v1" });
    expect(providers["openai-chat"]).not.toHaveProperty("model");
  });

  it("checks whether a provider can run with its default base URL: a local server needs no key", async () => {
    vi.stubEnv("OPENAI_API_KEY", "");
    resetServerConfigCache();
    setRuntime({ providers: createConfigProviders() } as Runtime);
    const before = JSON.parse(await GET().text()) as { providers: Record<string, Record<string, unknown>> };
    expect(before.providers["openai-chat"]).toMatchObject({ keySet: false, runnable: false });
    const { text } = await put({
      "openai-chat": { baseURL: "http://127.0.0.1:11434/v1", model: "llama3.1" },
    });
    const after = JSON.parse(text) as { providers: Record<string, Record<string, unknown>> };
    expect(after.providers["openai-chat"]).toEqual({
      ...NO_KEY,
      envVar: "OPENAI_API_KEY",
      keyName: "openai",
      model: "llama3.1",
      baseURL: "http://127.0.0.1:11434/v1",
      runnable: true,
    });
    expect(after.providers["openai-responses"]).toMatchObject({ runnable: false });
  });

  it.each([
    [{ anthropic: { key: 12 } }, "/anthropic/key"],
    [{ anthropic: { key: "sk-ant with spaces inside" } }, "/anthropic/key"],
    [{ anthropic: { key: "short" } }, "/anthropic/key"],
    [{ openai: { model: "gpt-5" } }, "/openai/model"],
    [{ "openai-chat": { key: KEY } }, "/openai-chat/key"],
    [{ "openai-responses": { baseURL: "ftp://example.com" } }, "/openai-responses/baseURL"],
    [{ anthropic: { model: "   " } }, "/anthropic/model"],
    [{ gemini: {} }, "/gemini"],
  ])("refuses %j with 400 naming the field", async (body, pointer) => {
    const { status, text } = await put(body);
    expect(status).toBe(400);
    const error = JSON.parse(text) as { error: string; path: string };
    expect(error.path).toBe(pointer);
    expect(error.error).toContain(pointer);
    expect(text).not.toContain(KEY);
    expect(fs.existsSync(path.join(root, "keys.json"))).toBe(false);
  });

  it("refuses malformed JSON without quoting any of it", async () => {
    const { status, text } = await put(`{"anthropic":{"key":${KEY}}}`);
    expect({ status, body: JSON.parse(text) }).toEqual({
      status: 400,
      body: { error: "Malformed JSON: the body is not a valid JSON document.", path: "" },
    });
  });
});
