import "server-only";
import { toolsToAnthropic, unifiedToAnthropicMessages } from "@/lib/protocol/anthropic/convert";
import { refuse, succeed, type Outcome } from "@/lib/server/problem";
import { projectTranscript } from "@/lib/trace/transcript";
import type { Runtime } from "./runtime";

export const TRANSCRIPT_FORMATS = ["anthropic", "unified"] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

/**
 * The conversation as of event `at` (default: latest) as the request body that provider would
 * be sent. The OpenAI formats arrive with the wire-format work (issue 4) and are refused here.
 */
export function getTranscriptBody(
  runtime: Runtime,
  id: string,
  query: URLSearchParams,
): Outcome<{ format: TranscriptFormat; body: unknown }> {
  const format = query.get("format") ?? "anthropic";
  if (!(TRANSCRIPT_FORMATS as readonly string[]).includes(format)) {
    return refuse(400, `format must be one of ${TRANSCRIPT_FORMATS.join(", ")}; got "${format}".`, "format");
  }
  const rawAt = query.get("at");
  if (rawAt !== null && !/^\d{1,15}$/.test(rawAt))
    return refuse(400, `at must be an event seq (an integer ≥ 0); got "${rawAt}".`, "at");
  if (!runtime.store.getSession(id)) return refuse(404, `No session with id ${id}.`);
  const view = projectTranscript(runtime.store.events(id), rawAt === null ? Infinity : Number(rawAt));
  const messages = view.messages.map(({ role, content }) => ({ role, content }));
  if (format === "unified")
    return succeed({ format, body: { system: view.system, tools: view.tools, messages } });
  return succeed({
    format: "anthropic",
    body: {
      system: view.system,
      tools: toolsToAnthropic(view.tools),
      messages: unifiedToAnthropicMessages(messages),
    },
  });
}
