import "server-only";
import OpenAI from "openai";
import type { Clock } from "@/lib/clock/types";
import type { ModelRequest, Transport, WireTap } from "./types";
import { createTappedFetch } from "./wire-tap";

/** The OpenAI API's own base URL, used when the provider config names none. */
export const OPENAI_BASE_URL = "https://api.openai.com/v1";

export interface OpenAIProviderOptions {
  apiKey: string;
  /** An OpenAI-compatible server (Ollama, vLLM, LM Studio); default {@link OPENAI_BASE_URL}. */
  baseURL?: string;
  /** The transport under the wire tap; the offline model plugs in here. Defaults to the global fetch. */
  fetch?: Transport;
  clock: Clock;
  defaultModel: string;
  maxTokens?: number;
  /** The SDK's `maxRetries`; default 2 (`DEFAULT_MAX_RETRIES`). */
  maxRetries: number;
}

/**
 * An `openai` client whose transport runs through the wire tap. Settings the SDK would read from
 * the environment (`OPENAI_BASE_URL`, `OPENAI_ORG_ID`, `OPENAI_PROJECT_ID`) are set here, so a
 * session's requests depend on its config alone.
 */
export function createTappedOpenAIClient(options: OpenAIProviderOptions, tap: WireTap): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL ?? OPENAI_BASE_URL,
    organization: null,
    project: null,
    maxRetries: options.maxRetries,
    fetch: createTappedFetch(options.fetch ?? globalThis.fetch, tap, options.clock, {
      maxRetries: options.maxRetries,
    }),
  });
}

/** The provider-neutral request as the input both OpenAI request builders take (streaming). */
export function describeOpenAIRequest(
  request: ModelRequest,
  options: Pick<OpenAIProviderOptions, "maxTokens" | "defaultModel">,
) {
  const maxTokens = request.maxTokens ?? options.maxTokens;
  return {
    model: request.model ?? options.defaultModel,
    stream: true as const,
    system: request.system,
    tools: request.tools,
    messages: request.messages,
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(request.toolChoice !== undefined ? { toolChoice: request.toolChoice } : {}),
    ...(request.parallelToolCalls !== undefined ? { parallelToolCalls: request.parallelToolCalls } : {}),
  };
}
