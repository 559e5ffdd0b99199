import "server-only";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import type { Problem as PairingProblem } from "@/lib/protocol/doctor/problems";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import type { ForkBody, ForkEdits } from "@/lib/contract/fork";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { listForkPoints } from "@/lib/trace/fork-points";
import { listHeldBaseURLs } from "@/lib/trace/provider-trust";
import { deriveRunState } from "@/lib/trace/status";
import { resolveConfigChanges } from "./configure";
import { refuse, succeed, type Outcome } from "./outcome";
import { newId } from "./ids";
import type { Runtime } from "./runtime";
import { createSyntheticResults } from "./synthetic";

export { listForkPoints };

/** What a fork refusal may carry besides its error: the valid fork points, or the pairing problems. */
export interface ForkProblemDetails {
  validSeqs?: number[];
  problems?: PairingProblem[];
}

/** A fork's outcome: the child's id, or a refusal with its {@link ForkProblemDetails}. */
export type ForkOutcome = Outcome<{ id: string }, ForkProblemDetails>;

/**
 * `POST /api/sessions/:id/fork`: creates a child session that starts where the parent was at
 * event `at`, in one store transaction (nothing is half-saved):
 *
 * 1. events `0..at` copied under the child's id — same kinds, payloads, `seq` and `at`;
 * 2. `session.forked { parentId, forkSeq: at, edits }` (edited messages completed with their
 *    `rawArguments`, the rest as given);
 * 3. `session.configured` for the config edits that change something (validated as at
 *    creation: tools resolved, provider checked), then `provider.trust { trusted: false }` for
 *    each base URL the parent holds that the prefix does not (a fork of a held session stays held);
 * 4. when `at` falls inside a run (the usual case), `run.interrupted` for that run, so nothing
 *    copied looks live in the child, marked `forked` so the child is `idle` (not `interrupted`):
 *    at a fork point every call is answered, so it carries no synthetic results.
 *
 * `edits.messages` replaces the whole transcript: the transcript projection honours
 * `session.forked.edits.messages`, so the child's transcript is exactly those messages, and
 * later events build on them. They must pass the pairing doctor (errors, not warnings).
 * The child's row carries `parentId` and `forkSeq`, its own title ("Fork of “…” at turn N",
 * the parent's title as of `at`) and the provider it will use. The child continues with `POST .../messages` or `control continue`.
 * Refusals: `not_found` for an unknown parent; `unprocessable` with `validSeqs` for an `at` that
 * is not a fork point, or with `problems` for messages that break pairing; `invalid` naming the edit.
 */
export function forkSession(runtime: Runtime, parentId: string, body: ForkBody): ForkOutcome {
  const parent = runtime.store.getSession(parentId);
  if (!parent) return refuse("not_found", `No session with id ${parentId}.`);
  const events = runtime.store.events(parentId);
  const validSeqs = listForkPoints(events);
  if (!validSeqs.includes(body.at)) {
    const error = `Event ${body.at} does not end a turn or a user message; fork at one of the valid seqs.`;
    return refuse("unprocessable", error, "/at", { validSeqs });
  }
  const prefix = events.slice(0, body.at + 1);
  const config = projectSessionConfig(prefix);
  if (!config) return refuse("not_found", `Session ${parentId} has no configuration event.`);

  const edits: ForkEdits = { ...body.edits };
  if (edits.messages) {
    edits.messages = completeMessages(edits.messages);
    const problems = checkTranscript(edits.messages as UnifiedMessage[]).filter(
      (p) => p.severity === "error",
    );
    if (problems.length > 0) {
      const error = `The edited messages break ${problems.length} pairing rule${problems.length === 1 ? "" : "s"}: ${problems[0]!.message}`;
      return refuse("unprocessable", error, "/edits/messages", { problems });
    }
  }
  const changes = resolveConfigChanges(runtime, config, edits, "/edits");
  if (!changes.ok) return changes;

  const id = newId("ses");
  const appended: NewEvent[] = [{ kind: "session.forked", parentId, forkSeq: body.at, edits }];
  if (Object.keys(changes.value).length > 0)
    appended.push({ kind: "session.configured", changes: changes.value });
  appended.push(...carryHeldBaseURLs(events, prefix));
  const liveRunId = deriveRunState(prefix).liveRunId;
  runtime.store.transaction(() => {
    runtime.store.createSession({
      id,
      title: describeForkTitle(config.title, prefix),
      provider: edits.provider ?? config.provider,
      parentId,
      forkSeq: body.at,
    });
    const log = prefix.map((event) => runtime.store.append(id, stripEnvelope(event), { at: event.at }));
    for (const event of appended) log.push(runtime.store.append(id, event));
    if (liveRunId)
      runtime.store.append(id, {
        kind: "run.interrupted",
        forked: true,
        runId: liveRunId,
        reason: `forked at event ${body.at}: the fork does not continue this run`,
        syntheticResults: createSyntheticResults(log, "The session was forked"),
      });
  });
  return succeed({ id });
}

/**
 * A fork of a session that holds a base URL holds it too: the parent's held URLs (as of its whole
 * log) that the copied prefix does not already hold. One the prefix holds stays held in the child
 * even when the parent trusted it later: the child's person confirms it again.
 */
function carryHeldBaseURLs(parent: readonly TraceEvent[], prefix: readonly TraceEvent[]): NewEvent[] {
  const inPrefix = new Set(listHeldBaseURLs(prefix).map((held) => held.baseURL));
  return listHeldBaseURLs(parent)
    .filter((held) => !inPrefix.has(held.baseURL))
    .map((held) => ({ kind: "provider.trust", baseURL: held.baseURL, trusted: false, reason: held.reason }));
}

/** The child's title: `Fork of “Parent” at turn 2` (the last turn the copied prefix opened). */
export function describeForkTitle(parentTitle: string, prefix: readonly TraceEvent[]): string {
  let turn = 0;
  for (const event of prefix)
    if (event.kind === "user.message" || event.kind === "request.assembled")
      turn = Math.max(turn, event.turn);
  const name = parentTitle ? `“${parentTitle}”` : "an untitled session";
  return turn > 0 ? `Fork of ${name} at turn ${turn}` : `Fork of ${name}`;
}

function stripEnvelope(event: TraceEvent): NewEvent {
  const { seq: _seq, at: _at, sessionId: _sessionId, ...rest } = event;
  return rest as NewEvent;
}

/** Tool calls a person wrote without `rawArguments` get their arguments as JSON. */
function completeMessages(messages: NonNullable<ForkEdits["messages"]>): NonNullable<ForkEdits["messages"]> {
  return messages.map((message) => ({
    ...message,
    content: message.content.map((block) =>
      block.type === "toolCall" && block.rawArguments === undefined
        ? {
            ...block,
            rawArguments:
              typeof block.arguments === "string" ? block.arguments : JSON.stringify(block.arguments ?? {}),
          }
        : block,
    ),
  }));
}
