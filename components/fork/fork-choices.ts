import type { ProviderConfig } from "@/lib/trace/config";

/** The provider choices of the fork dialog: keep the parent's, or the offline model on a wire. */
export const FORK_PROVIDER_CHOICES = ["unchanged", "anthropic", "openai-chat", "openai-responses"] as const;
export type ForkProviderChoice = (typeof FORK_PROVIDER_CHOICES)[number];

/** The message key naming each choice under `Fork.provider`. */
export const FORK_PROVIDER_KEYS: Record<
  ForkProviderChoice,
  "unchanged" | "offlineAnthropic" | "offlineOpenaiChat" | "offlineOpenaiResponses"
> = {
  unchanged: "unchanged",
  anthropic: "offlineAnthropic",
  "openai-chat": "offlineOpenaiChat",
  "openai-responses": "offlineOpenaiResponses",
};

/**
 * The fork's edits from the dialog's fields: the system prompt only when it differs from the
 * one the child would inherit, the provider only when one was chosen.
 */
export function buildForkEdits(
  inherited: string,
  system: string,
  provider: ForkProviderChoice,
): { system?: string; provider?: ProviderConfig } {
  return {
    ...(system === inherited ? {} : { system }),
    ...(provider === "unchanged" ? {} : { provider: { kind: "offline", wire: provider } }),
  };
}
