import { describe, expect, it } from "vitest";
import type { SettingsView } from "@/components/settings/use-settings";
import { buildProviderConfig, DEFAULT_PROVIDER_CHOICE } from "./provider-fields";
import { readContentType } from "./use-import";

const keyStatus = {
  keySet: false,
  keySource: null,
  envVar: "OPENAI_API_KEY",
  settingsKeySet: false,
} as const;
const SETTINGS: SettingsView = {
  providers: {
    anthropic: {
      ...keyStatus,
      envVar: "ANTHROPIC_API_KEY",
      keyName: "anthropic",
      runnable: false,
      reason: "no key",
    },
    openai: keyStatus,
    "openai-chat": {
      ...keyStatus,
      keyName: "openai",
      model: "llama3.1",
      baseURL: "http://127.0.0.1:11434/v1",
      runnable: true,
    },
    "openai-responses": { ...keyStatus, keyName: "openai", runnable: false, reason: "no key" },
    "openai-compatible": { ...keyStatus, envVar: "TOOLSCOPE_COMPAT_API_KEY" },
  },
};

describe("the new-session form's provider", () => {
  it("is left out for the default: offline, anthropic wire, full speed", () => {
    expect(buildProviderConfig(DEFAULT_PROVIDER_CHOICE, SETTINGS)).toBeUndefined();
    expect(buildProviderConfig({ ...DEFAULT_PROVIDER_CHOICE, pace: "" }, undefined)).toBeUndefined();
  });

  it("names the offline model's wire format and pace when they differ from the default", () => {
    expect(buildProviderConfig({ kind: "offline", wire: "openai-responses", pace: "2.5" }, SETTINGS)).toEqual(
      {
        kind: "offline",
        wire: "openai-responses",
        pace: 2.5,
      },
    );
    expect(buildProviderConfig({ kind: "offline", wire: "anthropic", pace: "4" }, SETTINGS)).toEqual({
      kind: "offline",
      pace: 4,
    });
  });

  it("takes a real provider's default model and base URL from the settings", () => {
    expect(buildProviderConfig({ ...DEFAULT_PROVIDER_CHOICE, kind: "openai-chat" }, SETTINGS)).toEqual({
      kind: "openai-chat",
      model: "llama3.1",
      baseURL: "http://127.0.0.1:11434/v1",
    });
    expect(buildProviderConfig({ ...DEFAULT_PROVIDER_CHOICE, kind: "anthropic" }, SETTINGS)).toEqual({
      kind: "anthropic",
    });
  });
});

describe("an import's content type", () => {
  it("is JSON when the text parses as JSON, else plain text", () => {
    expect(readContentType('{"model":"x","messages":[]}')).toBe("application/json");
    expect(readContentType("event: message_start\ndata: {}\n\n")).toBe("text/plain");
    expect(readContentType("")).toBe("text/plain");
  });
});
