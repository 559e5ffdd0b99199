import type { SettingsView } from "@/components/settings/use-settings";
import type { ProviderConfig } from "@/lib/trace/config";

/** Real providers a fork may switch to, when the server has their key (or base URL). */
export const FORK_REAL_PROVIDERS = ["anthropic", "openai-chat", "openai-responses"] as const;
export type ForkRealProvider = (typeof FORK_REAL_PROVIDERS)[number];

/**
 * The provider choices of the fork dialog: keep the parent's, the offline model on one of three
 * wires, or a real provider (`real:<kind>`).
 */
export const FORK_PROVIDER_CHOICES = [
  "unchanged",
  "anthropic",
  "openai-chat",
  "openai-responses",
  "real:anthropic",
  "real:openai-chat",
  "real:openai-responses",
] as const;
export type ForkProviderChoice = (typeof FORK_PROVIDER_CHOICES)[number];

/** The message key naming each choice under `Fork.provider`. */
export const FORK_PROVIDER_KEYS = {
  unchanged: "unchanged",
  anthropic: "offlineAnthropic",
  "openai-chat": "offlineOpenaiChat",
  "openai-responses": "offlineOpenaiResponses",
  "real:anthropic": "realAnthropic",
  "real:openai-chat": "realOpenaiChat",
  "real:openai-responses": "realOpenaiResponses",
} as const satisfies Record<ForkProviderChoice, string>;

/** The real provider a choice names, or null for the offline ones and "unchanged". */
export function readRealProvider(choice: ForkProviderChoice): ForkRealProvider | null {
  return choice.startsWith("real:") ? (choice.slice("real:".length) as ForkRealProvider) : null;
}

/**
 * The provider a choice stands for: none for "unchanged"; the offline model on the chosen wire;
 * or a real provider with the default model and base URL from the settings, as a new session
 * gets them.
 */
export function buildForkProvider(
  choice: ForkProviderChoice,
  settings: SettingsView | undefined,
): ProviderConfig | undefined {
  if (choice === "unchanged") return undefined;
  const real = readRealProvider(choice);
  if (real === null) return { kind: "offline", wire: choice as NonNullable<ProviderConfig["wire"]> };
  const status = settings?.providers[real];
  return {
    kind: real,
    ...(status?.model ? { model: status.model } : {}),
    ...(status?.baseURL ? { baseURL: status.baseURL } : {}),
  };
}

/**
 * The fork's edits from the dialog's fields: the system prompt only when it differs from the
 * one the child would inherit, the provider only when one was chosen.
 */
export function buildForkEdits(
  inherited: string,
  system: string,
  provider: ProviderConfig | undefined,
): { system?: string; provider?: ProviderConfig } {
  return {
    ...(system === inherited ? {} : { system }),
    ...(provider === undefined ? {} : { provider }),
  };
}
