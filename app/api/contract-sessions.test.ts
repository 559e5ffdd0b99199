import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "@/lib/contract/errors";
import { EventMessage } from "@/lib/contract/events";
import { HealthReply } from "@/lib/contract/health";
import { ImportReply } from "@/lib/contract/import";
import {
  ConfiguredSession,
  CreatedSession,
  SessionDetail,
  SessionList,
  SessionSummary,
  StartedRun,
} from "@/lib/contract/sessions";
import { SessionExport, TRANSCRIPT_FORMATS, TranscriptReply } from "@/lib/contract/transcript";
import { listScenarios } from "@/lib/lessons";
import { expectConforming, listContractViolations } from "@/lib/server/testing/contract-check";
import { openRouteFixture, type RouteFixture } from "@/lib/server/testing/route-harness";
import { listForkPoints } from "@/lib/trace/fork-points";
import { GET as health } from "./health/route";
import { POST as importFile } from "./import/route";
import { GET as streamEvents } from "./sessions/[id]/events/route";
import { GET as exportFile } from "./sessions/[id]/export/route";
import { POST as fork } from "./sessions/[id]/fork/route";
import { POST as sendMessage } from "./sessions/[id]/messages/route";
import { GET as getSession, PATCH as patchSession } from "./sessions/[id]/route";
import { GET as transcript } from "./sessions/[id]/transcript/route";
import { GET as listSessions, POST as createSession } from "./sessions/route";

let fixture: RouteFixture;
// Opening the fixture runs a whole offline session; a loaded machine can need more than the default 10 s.
beforeAll(async () => {
  fixture = await openRouteFixture();
}, 60_000);
afterAll(() => fixture.close());

const url = (path: string) => `http://127.0.0.1:3000${path}`;
const json = (method: string, path: string, body: unknown) =>
  new Request(url(path), {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });

describe("the session routes answer exactly what lib/contract declares", () => {
  it("health, list, create and detail — a plain session and a lesson session", async () => {
    await expectConforming(health(), 200, HealthReply);
    const list = await expectConforming<SessionList>(
      listSessions(new Request("http://127.0.0.1:3000/api/sessions")),
      200,
      SessionList,
    );
    expect(list.sessions.map((session) => session.id)).toEqual([fixture.sessionId]);
    expect(typeof list.sessions[0]!.createdAt).toBe("number");

    const lessonId = listScenarios()[0]!.id;
    const created = await expectConforming<CreatedSession>(
      await createSession(json("POST", "/api/sessions", { scenario: lessonId })),
      201,
      CreatedSession,
    );
    const lesson = await expectConforming<SessionDetail>(
      await getSession(new Request(url(`/api/sessions/${created.id}`)), params({ id: created.id })),
      200,
      SessionDetail,
    );
    expect(lesson.session.lesson).toMatchObject({ sent: 0 });

    const detail = await expectConforming<SessionDetail>(
      await getSession(new Request(url("/api/sessions/x")), params({ id: fixture.sessionId })),
      200,
      SessionDetail,
    );
    expect(detail.session.lesson).toBeNull();
    expect(detail.events.length).toBe(detail.session.eventCount);
  });

  it("PATCH answers the session as GET would show it", async () => {
    const patched = await patchSession(
      json("PATCH", "/api/sessions/x", { title: "Renamed", policy: { batch: "independent" } }),
      params({ id: fixture.sessionId }),
    );
    const body = await expectConforming<ConfiguredSession>(patched, 200, ConfiguredSession);
    expect(body.session.title).toBe("Renamed");
  });

  it("the transcript in every format, and the export", async () => {
    for (const format of TRANSCRIPT_FORMATS) {
      const response = await transcript(
        new Request(url(`/api/sessions/x/transcript?format=${format}`)),
        params({ id: fixture.sessionId }),
      );
      expect((await expectConforming<TranscriptReply>(response, 200, TranscriptReply)).format).toBe(format);
    }
    await expectConforming(
      await exportFile(new Request(url("/api/sessions/x/export")), params({ id: fixture.sessionId })),
      200,
      SessionExport,
    );
  });

  it("import of an export, fork at a fork point, and a message run", async () => {
    const file = await (
      await exportFile(new Request(url("/api/sessions/x/export")), params({ id: fixture.sessionId }))
    ).text();
    const imported = await importFile(
      new Request(url("/api/import"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: file,
      }),
    );
    const reply = await expectConforming<ImportReply>(imported, 201, ImportReply);
    expect(reply.detected.format).toBe("toolscope-export");

    const at = listForkPoints(fixture.runtime.store.events(fixture.sessionId))[0]!;
    const child = await expectConforming<CreatedSession>(
      await fork(json("POST", "/api/sessions/x/fork", { at }), params({ id: fixture.sessionId })),
      201,
      CreatedSession,
    );
    await expectConforming(
      await sendMessage(
        json("POST", "/api/sessions/x/messages", { text: "Hello" }),
        params({ id: child.id }),
      ),
      202,
      StartedRun,
    );
    await fixture.runtime.runs.get(child.id)?.done;
  });

  it("the event stream: every message is { id: seq, data: TraceEvent }", async () => {
    const controller = new AbortController();
    const response = await streamEvents(
      new Request(url("/api/sessions/x/events"), { signal: controller.signal }),
      params({ id: fixture.sessionId }),
    );
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const expected = fixture.runtime.store.events(fixture.sessionId).length;
    const messages = await readEventMessages(response, expected);
    controller.abort();
    expect(messages).toHaveLength(expected);
    expect(messages.map((message) => listContractViolations(EventMessage, message))).toEqual(
      messages.map(() => []),
    );
    expect(messages.map((message) => message.id)).toEqual(messages.map((message) => message.data.seq));
  });

  it("errors: 404, 400 with a path, and the fork's 422 with validSeqs", async () => {
    const missing = await getSession(new Request(url("/api/sessions/nope")), params({ id: "nope" }));
    await expectConforming(missing, 404, ErrorBody);
    const bad = await createSession(json("POST", "/api/sessions", { colour: "red" }));
    expect((await expectConforming<ErrorBody>(bad, 400, ErrorBody)).path).toBe("/colour");
    const refused = await fork(
      json("POST", "/api/sessions/x/fork", { at: 0 }),
      params({ id: fixture.sessionId }),
    );
    expect((await expectConforming<ErrorBody>(refused, 422, ErrorBody)).validSeqs).toEqual(
      listForkPoints(fixture.runtime.store.events(fixture.sessionId)),
    );
  });
});

describe("the contract check itself", () => {
  it("rejects a field the contract does not declare, and createdAt as a string", () => {
    const item = { ...fixture.runtime.store.listSessions()[0]! };
    expect(listContractViolations(SessionSummary, item)).toEqual([]);
    expect(listContractViolations(SessionSummary, { ...item, colour: "red" })).toEqual([
      "/ must NOT have additional properties (colour)",
    ]);
    expect(listContractViolations(SessionSummary, { ...item, createdAt: "2026-01-01" })).toEqual([
      "/createdAt must be integer",
    ]);
  });

  it("rejects an undeclared field in a session detail, and an event without its envelope", async () => {
    const detail = (await (
      await getSession(new Request(url("/api/sessions/x")), params({ id: fixture.sessionId }))
    ).json()) as SessionDetail;
    const { seq: _seq, ...event } = detail.events[0]!;
    expect(
      listContractViolations(SessionDetail, { ...detail, session: { ...detail.session, colour: 1 } }),
    ).toEqual(["/session must NOT have additional properties (colour)"]);
    expect(listContractViolations(SessionDetail, { ...detail, events: [event] })).toEqual([
      "/events/0 must have required property 'seq'",
    ]);
  });
});

/** The first `count` SSE messages with an `id:` of `response`, parsed. */
async function readEventMessages(response: Response, count: number): Promise<EventMessage[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const messages: EventMessage[] = [];
  let buffer = "";
  while (messages.length < count) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    const frames = buffer.split("\n\n");
    buffer = frames.pop()!;
    for (const frame of frames) {
      const fields = Object.fromEntries(
        frame
          .split("\n")
          .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
      );
      if (fields.id !== undefined) messages.push({ id: Number(fields.id), data: JSON.parse(fields.data!) });
    }
  }
  await reader.cancel();
  return messages;
}
