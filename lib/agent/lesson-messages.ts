import "server-only";
import { isDeepStrictEqual } from "node:util";
import { findScenario } from "@/lib/lessons";
import type { LessonMessage, Scenario } from "@/lib/lessons/types";
import type { SessionConfig } from "@/lib/trace/config";
import type { SessionConfigured, TraceEvent } from "@/lib/trace/events";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { findLiveRun } from "./live-run";
import { refuse, succeed, type Outcome } from "./outcome";
import { resolveLessonTools } from "./lesson-session";
import type { Runtime } from "./runtime";

/** The languages a lesson's texts are written in. */
export const LESSON_LANGS = ["en", "zh"] as const;
export type LessonLang = (typeof LESSON_LANGS)[number];

const LIVE = "A run is live in this session; wait for it to end, or interrupt it.";

/**
 * How many of the lesson's messages the log shows as sent: its `user.message`s are walked in
 * order, and each whose text is the next lesson message (in either language) counts. Messages
 * a person typed in between do not count, and a fork keeps the count of the events it copied.
 */
export function countSentLessonMessages(scenario: Scenario, events: readonly TraceEvent[]): number {
  let sent = 0;
  for (const event of events) {
    const next = scenario.messages[sent];
    if (!next) break;
    if (event.kind === "user.message" && (event.text === next.text.en || event.text === next.text.zh))
      sent += 1;
  }
  return sent;
}

/** What `message.reconfigure` changes in `config`, before and after (only what differs). */
export function resolveLessonChanges(
  config: SessionConfig,
  message: LessonMessage,
): Outcome<SessionConfigured["changes"]> {
  const edits = message.reconfigure ?? {};
  const next: Partial<SessionConfig> = {};
  if (edits.system !== undefined) next.system = edits.system;
  if (edits.policy !== undefined) next.policy = structuredClone(edits.policy);
  if (edits.provider !== undefined)
    next.provider = { ...config.provider, ...structuredClone(edits.provider) };
  if (edits.tools !== undefined) {
    const tools = resolveLessonTools(edits.tools, "/reconfigure/tools");
    if (!tools.ok) return tools;
    next.tools = tools.value;
  }
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, after] of Object.entries(next)) {
    const before = config[key as keyof SessionConfig];
    if (!isDeepStrictEqual(before, after)) changes[key] = { before, after };
  }
  return succeed(changes as SessionConfigured["changes"]);
}

/**
 * The text of the lesson's next message in `lang`, after applying its `reconfigure` (one
 * `session.configured`, as `PATCH /api/sessions/:id` appends, when anything changes). `invalid` in a
 * session without a lesson (or whose lesson no longer exists), `conflict` while a run is live or when
 * every message was sent. Appends nothing when it refuses.
 */
export function prepareLessonMessage(
  runtime: Runtime,
  sessionId: string,
  lang: LessonLang,
): Outcome<{ text: string }> {
  const events = runtime.store.events(sessionId);
  const config = projectSessionConfig(events);
  const noScript = "/text is required: this session has no lesson script to continue.";
  if (!config?.scenario) return refuse("invalid", noScript, "/text");
  const scenario = findScenario(config.scenario);
  if (!scenario)
    return refuse("invalid", `/text is required: the lesson "${config.scenario}" no longer exists.`, "/text");
  if (findLiveRun(runtime, sessionId, events)) return refuse("conflict", LIVE);
  const message = scenario.messages[countSentLessonMessages(scenario, events)];
  if (!message)
    return refuse(
      "conflict",
      `This lesson's script is done: all ${scenario.messages.length} messages were sent.`,
    );
  const changes = resolveLessonChanges(config, message);
  if (!changes.ok) return changes;
  const { provider } = changes.value;
  if (Object.keys(changes.value).length > 0)
    runtime.store.transaction(() => {
      runtime.store.append(sessionId, { kind: "session.configured", changes: changes.value });
      if (provider) runtime.store.updateProvider(sessionId, provider.after);
    });
  return succeed({ text: message.text[lang] });
}
