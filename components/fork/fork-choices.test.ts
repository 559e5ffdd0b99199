import { describe, expect, it } from "vitest";
import type { SettingsView } from "@/components/settings/use-settings";
import {
  buildForkEdits,
  buildForkProvider,
  FORK_PROVIDER_CHOICES,
  FORK_PROVIDER_KEYS,
  readRealProvider,
} from "./fork-choices";

describe("the fork dialog's edits", () => {
  it("are empty when nothing changed", () => {
    expect(buildForkEdits("Be brief.", "Be brief.", undefined)).toEqual({});
  });

  it("carry an edited system prompt, the empty one included", () => {
    expect(buildForkEdits("Be brief.", "Answer in French.", undefined)).toEqual({
      system: "Answer in French.",
    });
    expect(buildForkEdits("Be brief.", "", undefined)).toEqual({ system: "" });
  });

  it("carry the chosen provider", () => {
    expect(buildForkEdits("s", "s", { kind: "offline", wire: "openai-responses" })).toEqual({
      provider: { kind: "offline", wire: "openai-responses" },
    });
  });

  it("name every choice", () => {
    expect(FORK_PROVIDER_CHOICES.map((c) => FORK_PROVIDER_KEYS[c])).toEqual([
      "unchanged",
      "offlineAnthropic",
      "offlineOpenaiChat",
      "offlineOpenaiResponses",
      "realAnthropic",
      "realOpenaiChat",
      "realOpenaiResponses",
    ]);
  });
});

describe("buildForkProvider", () => {
  const settings = {
    providers: {
      anthropic: { runnable: true, model: "claude-x" },
      "openai-chat": { runnable: true, baseURL: "http://127.0.0.1:11434/v1" },
      "openai-responses": { runnable: false },
    },
  } as unknown as SettingsView;

  it("keeps the parent's provider, or puts the offline model on the chosen wire", () => {
    expect(buildForkProvider("unchanged", settings)).toBeUndefined();
    expect(buildForkProvider("openai-chat", settings)).toEqual({ kind: "offline", wire: "openai-chat" });
    expect(buildForkProvider("anthropic", undefined)).toEqual({ kind: "offline", wire: "anthropic" });
  });

  it("takes a real provider's default model and base URL from the settings", () => {
    expect(buildForkProvider("real:anthropic", settings)).toEqual({ kind: "anthropic", model: "claude-x" });
    expect(buildForkProvider("real:openai-chat", settings)).toEqual({
      kind: "openai-chat",
      baseURL: "http://127.0.0.1:11434/v1",
    });
    expect(buildForkProvider("real:openai-responses", undefined)).toEqual({ kind: "openai-responses" });
  });

  it("tells real choices from offline ones", () => {
    expect(readRealProvider("real:openai-chat")).toBe("openai-chat");
    expect(readRealProvider("openai-chat")).toBeNull();
    expect(readRealProvider("unchanged")).toBeNull();
  });
});
