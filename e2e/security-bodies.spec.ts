import { expect, test } from "@playwright/test";
import { listPathArgumentCases, PATH_ATTACKS } from "../lib/pipeline/testing/path-attacks";
import { BODY_METHODS, fillRoute, listApiRoutes } from "../lib/server/testing/route-table";
import { findToken, sendRaw } from "./support/raw-http";
import { BEARER, callApi, createFinishedSession, PORT, snapshotState, TOKEN } from "./support/security-setup";

/**
 * Hostile bodies and arguments over real HTTP: every route method that reads a body answers a
 * body over its limit with 413 (declared or chunked) and malformed JSON with 400, changing
 * nothing; path-escape attempts in every path argument of every built-in tool are blocked through
 * the stateless pipeline and a replay; the event stream never carries the token.
 */

const MiB = 1024 * 1024;
const LIMITS: Readonly<Record<string, number>> = { "/api/import": 20 * MiB };
let real: { id: string; callId: string; turn: string };

test.beforeAll(async () => {
  real = await createFinishedSession("Bodies");
});

const jsonTargets = () =>
  listApiRoutes().flatMap((route) =>
    route.methods.filter((method) => BODY_METHODS.includes(method)).map((method) => ({ route, method })),
  );

test("every body route answers an oversized body with 413 and malformed JSON with 400, and nothing changes", async () => {
  test.setTimeout(120_000);
  const targets = jsonTargets();
  expect(targets.length).toBeGreaterThanOrEqual(13);
  const before = await snapshotState();
  const failures: string[] = [];
  for (const { route, method } of targets) {
    const path = fillRoute(route.pattern, real);
    const limit = LIMITS[route.pattern] ?? MiB;
    const oversized = `{"title":"${"x".repeat(limit)}"}`;
    const headers = { ...BEARER, "content-type": "application/json" };
    for (const chunked of [false, true]) {
      const response = await sendRaw({ port: PORT, method, path, headers, body: oversized, chunked });
      const expected = JSON.stringify({
        error: `The request body is larger than ${limit / MiB} MiB`,
        limitBytes: limit,
      });
      if (response.status !== 413 || response.body !== expected)
        failures.push(
          `${method} ${route.pattern}${chunked ? " chunked" : ""}: ${response.status} ${response.body.slice(0, 120)}`,
        );
    }
    for (const body of ['{"title": ', "{not json", Buffer.from([0x7b, 0xff, 0x7d])]) {
      const response = await sendRaw({ port: PORT, method, path, headers, body });
      const parsed = JSON.parse(response.body) as { error?: string; path?: string };
      if (response.status !== 400 || parsed.path !== "" || !parsed.error?.startsWith("Malformed JSON: "))
        failures.push(
          `${method} ${route.pattern} ${JSON.stringify(String(body))}: ${response.status} ${response.body}`,
        );
    }
  }
  expect(failures).toEqual([]);
  expect(await snapshotState()).toEqual(before);
});

test("an import between 10 MiB (Next's default proxy buffer) and its 20 MiB limit arrives whole", async () => {
  const capture = [
    'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":0}}}\n\n',
    ": ".concat("x".repeat(15 * MiB), "\n\n"),
    'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n',
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"whole"}}\n\n',
    'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n',
    'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}\n\n',
    'event: message_stop\ndata: {"type":"message_stop"}\n\n',
  ].join("");
  for (const chunked of [false, true]) {
    const response = await sendRaw({
      port: PORT,
      method: "POST",
      path: "/api/import",
      headers: { ...BEARER, "content-type": "text/plain" },
      body: capture,
      chunked,
    });
    expect([chunked, response.status]).toEqual([chunked, 201]);
    const { id, notes } = JSON.parse(response.body) as { id: string; notes: string[] };
    // Nothing was cut: the only note is the doctor's remark on an assistant-only transcript.
    expect(notes).toEqual([
      'Pairing doctor (warning, first-not-user): The transcript starts with an assistant message: Anthropic accepts this, Amazon Bedrock answers "first message must use the user role".',
    ]);
    const events = (await callApi("GET", `/api/sessions/${id}`)).json.events as {
      kind: string;
      unified?: unknown;
    }[];
    expect(events.find((event) => event.kind === "turn.completed")?.unified).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "whole" }],
    });
  }
});

test("every path argument of every built-in tool: each escape is blocked at preflight, by the pipeline and by a replay", async () => {
  const detail = (await callApi("GET", `/api/sessions/${real.id}`)).json;
  const tools = (detail.session as { tools: { name: string; input_schema: unknown }[] }).tools;
  const cases = listPathArgumentCases(tools);
  expect(cases.map((c) => `${c.tool}.${c.argument}`)).toEqual([
    "read_file.path",
    "list_dir.path",
    "write_file.path",
  ]);
  const changesBefore = (detail.events as { kind: string }[]).filter(
    (e) => e.kind === "workspace.changed",
  ).length;
  for (const { tool, buildArguments } of cases) {
    const calls = PATH_ATTACKS.map(([, attack], index) => ({
      id: `c${index}`,
      name: tool,
      arguments: buildArguments(attack),
    }));
    const answer = await callApi("POST", "/api/pipeline", { calls, policy: { batch: "independent" } });
    expect(answer.status).toBe(200);
    const kinds = (answer.json.calls as { result: { errorKind?: string } }[]).map((call, index) => [
      PATH_ATTACKS[index]?.[0],
      call.result.errorKind,
    ]);
    expect(kinds).toEqual(PATH_ATTACKS.map(([name]) => [name, "blocked_by_policy"]));
    for (const [name, attack] of PATH_ATTACKS) {
      const replay = await callApi("POST", `/api/sessions/${real.id}/calls/${real.callId}/replay`, {
        arguments: buildArguments(attack),
        tool: { builtin: tool },
      });
      expect([name, replay.status, (replay.json.result as { errorKind?: string }).errorKind]).toEqual([
        name,
        200,
        "blocked_by_policy",
      ]);
    }
  }
  const after = (await callApi("GET", `/api/sessions/${real.id}`)).json.events as { kind: string }[];
  expect(after.filter((e) => e.kind === "workspace.changed").length).toBe(changesBefore);
});

test("the event stream and every JSON view of a session carry no token", async () => {
  const events = (await callApi("GET", `/api/sessions/${real.id}`)).json.events as { seq: number }[];
  const lastSeq = events.at(-1)?.seq ?? 0;
  // The stream stays open for live events: read its backlog, up to the last event there is.
  const stream = await sendRaw({
    port: PORT,
    path: `/api/sessions/${real.id}/events`,
    headers: BEARER,
    until: (body) => body.includes(`id: ${lastSeq}\n`),
  });
  expect(stream.status).toBe(200);
  expect(stream.body).toContain("data: ");
  expect(findToken(stream, TOKEN)).toEqual([]);
  for (const view of ["", "/export", "/transcript?format=anthropic", "/transcript?format=unified"]) {
    const response = await sendRaw({ port: PORT, path: `/api/sessions/${real.id}${view}`, headers: BEARER });
    expect([view, response.status, findToken(response, TOKEN)]).toEqual([view, 200, []]);
  }
});
