import { describe, expect, it } from "vitest";
import { nameClient } from "./endpoints";

describe("nameClient", () => {
  it.each([
    ["claude-cli/2.1.197 (external, cli)", "Claude Code"],
    ["Anthropic/JS 1.14.0", "Anthropic SDK (TypeScript)"],
    ["Anthropic/Python 0.75.0", "Anthropic SDK (Python)"],
    ["OpenAI/JS 6.30.1", "OpenAI SDK (TypeScript)"],
    ["OpenAI/Python 2.8.1", "OpenAI SDK (Python)"],
    // The Vercel AI SDK 6: generateText sends its own version first, streamText the provider's.
    ["ai/6.0.326 ai-sdk/provider-utils/4.0.66 runtime/node.js/v20.20.2", "Vercel AI SDK"],
    ["ai-sdk/openai/3.0.141 ai-sdk/provider-utils/4.0.65 runtime/node.js/v20.20.2", "Vercel AI SDK"],
    ["curl/7.88.1", "curl"],
    ["my-agent/0.3 (linux)", "my-agent/0.3"],
    ["", "Unknown client"],
  ])("%s → %s", (agent, name) => {
    expect(nameClient(agent)).toBe(name);
  });
});
