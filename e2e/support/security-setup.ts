import { expect } from "@playwright/test";
import { fillRoute, listApiRoutes, listPages, type HttpMethod } from "../../lib/server/testing/route-table";
import { sendRaw, type RawResponse } from "./raw-http";

/**
 * What the security specs share: the server under test (port, token), authorized JSON calls,
 * a real session with a finished run, the route and page lists filled in, and a snapshot of
 * everything a request could change.
 */

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const TOKEN = process.env.TOOLSCOPE_TOKEN ?? "";
export const BEARER = { authorization: `Bearer ${TOKEN}` };

/** An authorized JSON call; returns the status and the parsed body. */
export async function callApi(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await sendRaw({
    port: PORT,
    method,
    path,
    headers: { ...BEARER, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    json: response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {},
  };
}

/** A session with one finished offline run (a tool call in it), titled `title`. */
export async function createFinishedSession(
  title: string,
): Promise<{ id: string; callId: string; turn: string }> {
  const created = await callApi("POST", "/api/sessions", { title });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  expect(
    (await callApi("POST", `/api/sessions/${id}/messages`, { text: "What is in notes/todo.md?" })).status,
  ).toBe(202);
  await expect
    .poll(
      async () => ((await callApi("GET", `/api/sessions/${id}`)).json.session as { status: string }).status,
      {
        timeout: 30_000,
      },
    )
    .toBe("finished");
  const events = (await callApi("GET", `/api/sessions/${id}`)).json.events as {
    kind: string;
    callId?: string;
  }[];
  const callId = events.find((event) => event.kind === "tool.result")?.callId;
  expect(callId).toBeTruthy();
  // `turn` fills `[turn]` routes (the replay of a captured request): the session's first turn.
  return { id, callId: callId!, turn: "1" };
}

/** `[path, method]` for every method of every API route, with `params` filled in. */
export function listApiRequests(params: Record<string, string>): [string, HttpMethod][] {
  return listApiRoutes().flatMap((route) =>
    route.methods.map((method): [string, HttpMethod] => [fillRoute(route.pattern, params), method]),
  );
}

/** Every page with `params` filled in, and an address no route answers. */
export function listPagePaths(params: Record<string, string>): string[] {
  return [...listPages().map((page) => fillRoute(page.pattern, params)), "/no-such-page"];
}

/** Everything the API says a request could have changed: the sessions and every session's events. */
export async function snapshotState(): Promise<unknown> {
  const sessions = (await callApi("GET", "/api/sessions")).json.sessions as { id: string }[];
  const details = await Promise.all(
    sessions.map(async (session) => (await callApi("GET", `/api/sessions/${session.id}`)).json),
  );
  return { sessions, details };
}

/** The header as one string (Node gives `set-cookie` as an array). */
export function readHeader(response: RawResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join("\n") : value;
}
