import "server-only";
import { loadServerConfig } from "./config";

export type KeyProvider = "anthropic" | "openai";

/**
 * The provider keys the server holds: from the environment (`ANTHROPIC_API_KEY`,
 * `OPENAI_API_KEY`) or entered in the settings page. They stay on the server: never in an
 * event, an export, an API response or a log line.
 */
export function readProviderKey(provider: KeyProvider): string | null {
  const config = loadServerConfig();
  return provider === "anthropic" ? config.anthropicApiKey : config.openaiApiKey;
}

/** Every key the server holds now, for the append-time redactor. */
export function listProviderKeys(): string[] {
  return (["anthropic", "openai"] as const).flatMap((provider) => readProviderKey(provider) ?? []);
}
