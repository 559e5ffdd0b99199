import "server-only";
import { LESSON_LANGS, type LessonLang } from "@/lib/agent/lesson-messages";
import { MAX_EVENT_PAGE, type EventPageQuery } from "@/lib/agent/event-page";
import { refuse, succeed, type Outcome } from "@/lib/agent/outcome";
import { TRANSCRIPT_FORMATS, type TranscriptFormat } from "@/lib/agent/transcript-body";

/**
 * Query strings and headers read into the plain values lib/agent takes. A malformed value is an
 * `invalid` outcome naming the parameter (docs/api.md: a 400 with `path`).
 */

/** `?lang=`: `en` (the default) or `zh`. */
export function readLessonLang(query: URLSearchParams): Outcome<LessonLang> {
  const lang = query.get("lang") ?? "en";
  if (!(LESSON_LANGS as readonly string[]).includes(lang))
    return refuse("invalid", `lang must be one of ${LESSON_LANGS.join(", ")}; got "${lang}".`, "lang");
  return succeed(lang as LessonLang);
}

/** `?format=&at=`: `format` defaults to `anthropic`; `at`, when given, is an event seq (an integer ≥ 0). */
export function readTranscriptQuery(
  query: URLSearchParams,
): Outcome<{ format: TranscriptFormat; at?: number }> {
  const format = query.get("format") ?? "anthropic";
  if (!(TRANSCRIPT_FORMATS as readonly string[]).includes(format)) {
    return refuse(
      "invalid",
      `format must be one of ${TRANSCRIPT_FORMATS.join(", ")}; got "${format}".`,
      "format",
    );
  }
  const rawAt = query.get("at");
  if (rawAt !== null && !/^\d{1,15}$/.test(rawAt))
    return refuse("invalid", `at must be an event seq (an integer ≥ 0); got "${rawAt}".`, "at");
  return succeed({ format: format as TranscriptFormat, ...(rawAt === null ? {} : { at: Number(rawAt) }) });
}

/** Where an event stream resumes: `Last-Event-ID`, else `?after=`, else from the start (-1). Null when malformed. */
export function readResumePoint(request: Request): number | null {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after");
  if (raw === null || raw === "") return -1;
  return /^-?\d{1,15}$/.test(raw) && Number(raw) >= -1 ? Number(raw) : null;
}

/** `?content=`: whether an OTLP download carries the content attributes: `true` (the default) or `false`. */
export function readOtlpQuery(query: URLSearchParams): Outcome<{ content: boolean }> {
  const content = query.get("content") ?? "true";
  if (content !== "true" && content !== "false")
    return refuse("invalid", `content must be true or false; got "${content}".`, "content");
  return succeed({ content: content === "true" });
}

/**
 * `?after=&limit=&through=` of an event page: `limit` 1…{@link MAX_EVENT_PAGE}; `after` an event
 * seq or -1 (the default, from the start); `through`, when given, a seq ≥ 0; `bodies`, when
 * given, `shared` (request bodies shared within the page: lib/trace/shared-bodies.ts) or `whole`.
 */
export function readEventPageQuery(query: URLSearchParams): Outcome<EventPageQuery> {
  const limit = query.get("limit") ?? "";
  if (!/^\d{1,5}$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_EVENT_PAGE)
    return refuse(
      "invalid",
      `limit must be an integer from 1 to ${MAX_EVENT_PAGE}; got "${limit}".`,
      "limit",
    );
  const after = query.get("after") ?? "-1";
  if (!/^-?\d{1,15}$/.test(after) || Number(after) < -1)
    return refuse("invalid", `after must be an event seq or -1; got "${after}".`, "after");
  const through = query.get("through");
  if (through !== null && !/^\d{1,15}$/.test(through))
    return refuse("invalid", `through must be an event seq (an integer ≥ 0); got "${through}".`, "through");
  const bodies = query.get("bodies");
  if (bodies !== null && bodies !== "shared" && bodies !== "whole")
    return refuse("invalid", `bodies must be "shared" or "whole"; got "${bodies}".`, "bodies");
  return succeed({
    after: Number(after),
    limit: Number(limit),
    ...(through === null ? {} : { through: Number(through) }),
    ...(bodies === "shared" ? { sharedBodies: true } : {}),
  });
}
