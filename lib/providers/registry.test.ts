import { describe, expect, it } from "vitest";
import type { ProviderConfig } from "@/lib/trace/config";
import { isLocalBaseURL } from "./provider-checks";
import { createProviderFactories } from "./registry";

const noKeys = createProviderFactories({ readKey: () => null });
const withKeys = createProviderFactories({ readKey: (provider) => `sk-test-${provider}` });

describe("the provider registry", () => {
  it.each([
    [{ kind: "offline" }, null],
    [{ kind: "offline", wire: "openai-chat" }, null],
    [{ kind: "offline", wire: "openai-responses", faults: [{ kind: "cut-stream" }] }, null],
    [
      { kind: "anthropic" },
      "No Anthropic API key: set ANTHROPIC_API_KEY on the server or enter one on the settings page.",
    ],
    [
      { kind: "openai-chat" },
      "No OpenAI API key: set OPENAI_API_KEY on the server or enter one on the settings page, or point baseURL at a local OpenAI-compatible server (Ollama, vLLM, LM Studio), which needs none.",
    ],
    [
      { kind: "openai-responses", baseURL: "https://api.example.com/v1" },
      expect.stringMatching(/^No OpenAI API key/),
    ],
    [{ kind: "openai-chat", baseURL: "http://localhost:11434/v1" }, null],
    [{ kind: "openai-responses", baseURL: "http://127.0.0.1:1234/v1" }, null],
    [
      { kind: "openai-chat", baseURL: "ftp://localhost/v1" },
      'baseURL must be an http:// or https:// URL; got "ftp://localhost/v1".',
    ],
    [
      { kind: "openai-chat", baseURL: "http://localhost:8000/v1", faults: [{ kind: "overloaded" }] },
      "Faults are injected by the offline model only; remove provider.faults or use the offline provider.",
    ],
  ] as [ProviderConfig, unknown][])("check(%j) without keys", (config, expected) => {
    expect(noKeys.check(config)).toEqual(expected);
  });

  it("accepts every hosted kind once the server holds its key", () => {
    for (const kind of ["anthropic", "openai-chat", "openai-responses"] as const)
      expect(withKeys.check({ kind })).toBeNull();
  });

  it("asks the injected reader for the kind's key on every check and every create", () => {
    const asked: string[] = [];
    const factories = createProviderFactories({
      readKey: (provider) => {
        asked.push(provider);
        return provider === "openai" ? "sk-injected" : null;
      },
    });
    expect(factories.check({ kind: "openai-chat" })).toBeNull();
    expect(factories.check({ kind: "anthropic" })).toMatch(/^No Anthropic API key/);
    expect(factories.check({ kind: "offline" })).toBeNull();
    factories.create({ kind: "openai-responses" });
    expect(asked).toEqual(["openai", "anthropic", "openai"]);
  });

  it("creates the offline model in the SDK of its wire format, and each hosted format", () => {
    const formats = [
      noKeys.create({ kind: "offline" }).format,
      noKeys.create({ kind: "offline", wire: "openai-chat" }).format,
      noKeys.create({ kind: "offline", wire: "openai-responses" }).format,
      withKeys.create({ kind: "anthropic" }).format,
      withKeys.create({ kind: "openai-chat" }).format,
      withKeys.create({ kind: "openai-responses" }).format,
    ];
    expect(formats).toEqual([
      "anthropic",
      "openai-chat",
      "openai-responses",
      "anthropic",
      "openai-chat",
      "openai-responses",
    ]);
  });

  it("tells loopback base URLs from others", () => {
    const urls = [
      "http://localhost:11434/v1",
      "http://127.0.0.5/v1",
      "http://[::1]:8000",
      "http://api.localhost",
      "https://api.openai.com/v1",
      "http://10.0.0.2/v1",
      "not a url",
    ];
    expect(urls.map(isLocalBaseURL)).toEqual([true, true, true, true, false, false, false]);
  });
});
