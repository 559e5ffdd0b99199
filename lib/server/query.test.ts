import { describe, expect, it } from "vitest";
import { readLessonLang, readResumePoint, readTranscriptQuery } from "./query";

const query = (params: Record<string, string>) => new URLSearchParams(params);

describe("reading query strings into plain values", () => {
  it("reads ?lang=: en by default, zh, anything else invalid naming lang", () => {
    expect(readLessonLang(query({}))).toEqual({ ok: true, value: "en" });
    expect(readLessonLang(query({ lang: "zh" }))).toEqual({ ok: true, value: "zh" });
    expect(readLessonLang(query({ lang: "fr" }))).toEqual({
      ok: false,
      problem: { kind: "invalid", error: 'lang must be one of en, zh; got "fr".', path: "lang" },
    });
  });

  it("reads ?format=&at=: anthropic and no at by default; an unknown format or a malformed at is invalid", () => {
    expect(readTranscriptQuery(query({}))).toEqual({ ok: true, value: { format: "anthropic" } });
    expect(readTranscriptQuery(query({ format: "unified", at: "12" }))).toEqual({
      ok: true,
      value: { format: "unified", at: 12 },
    });
    expect(readTranscriptQuery(query({ format: "gemini" }))).toEqual({
      ok: false,
      problem: {
        kind: "invalid",
        error: 'format must be one of anthropic, openai-chat, openai-responses, unified; got "gemini".',
        path: "format",
      },
    });
    expect(readTranscriptQuery(query({ at: "-1" }))).toEqual({
      ok: false,
      problem: { kind: "invalid", error: 'at must be an event seq (an integer ≥ 0); got "-1".', path: "at" },
    });
  });

  it("reads the resume point from Last-Event-ID, then ?after, and refuses a malformed one", () => {
    const at = (headers: Record<string, string>, search = "") =>
      readResumePoint(new Request(`http://x/e${search}`, { headers }));
    expect(at({ "last-event-id": "41" })).toBe(41);
    expect(at({ "last-event-id": "41" }, "?after=7")).toBe(41);
    expect(at({}, "?after=7")).toBe(7);
    expect(at({})).toBe(-1);
    expect(at({ "last-event-id": "x1" })).toBeNull();
    expect(at({}, "?after=-5")).toBeNull();
  });
});
