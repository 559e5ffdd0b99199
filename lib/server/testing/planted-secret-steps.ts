/**
 * The planted-secret check's two halves: put a secret into every field the API takes (settings,
 * session config, PATCH, messages, a decision, a manual result, a replay, a fork, every import
 * shape, the stateless routes), then read back every GET route for every session. Route handlers
 * are called through the route table, so a new route is read automatically. Test-only.
 */
import type { TraceEvent } from "@/lib/trace/events";
import { callRoute, type RouteFixture } from "./route-harness";
import { fillRoute, listApiRoutes, type HttpMethod } from "./route-table";

/** What to plant and the import files to plant it in. */
export interface PlantOptions {
  planted: string;
  typedKey: string;
  har: Record<string, unknown>;
  sseCapture: string;
  forkAt: (events: TraceEvent[]) => number;
}

type Json = Record<string, unknown>;

const routes = () => new Map(listApiRoutes().map((route) => [route.pattern, route]));

async function send(
  fixture: RouteFixture,
  method: HttpMethod,
  pattern: string,
  body: unknown,
  params: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const route = routes().get(pattern);
  if (!route) throw new Error(`No route ${pattern}`);
  const isText = typeof body === "string";
  const response = await callRoute(route, method, {
    url: fillRoute(pattern, params),
    params,
    headers: { "content-type": isText ? "text/plain" : "application/json" },
    body: isText ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${pattern}: ${response.status} ${text}`);
  return { status: response.status, text };
}

/** Resolves when the session's run pauses, or ends (no timers: the run's own events say so). */
function waitForPause(fixture: RouteFixture, id: string): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = fixture.runtime.bus.subscribe(id, (event) => {
      if (event.kind === "run.paused" || event.kind === "run.finished" || event.kind === "run.failed") {
        unsubscribe();
        resolve();
      }
    });
  });
}

async function runToPause(fixture: RouteFixture, id: string, text: string): Promise<void> {
  const paused = waitForPause(fixture, id);
  await send(fixture, "POST", "/api/sessions/[id]/messages", { text }, { id });
  await paused;
}

function findWaitingCall(fixture: RouteFixture, id: string): string {
  const paused = fixture.runtime.store.events(id).findLast((event) => event.kind === "run.paused");
  const callId = paused && "callId" in paused ? paused.callId : undefined;
  if (typeof callId !== "string") throw new Error(`The run in ${id} is not waiting for a call`);
  return callId;
}

/**
 * Plants `planted` through every writing route. The stateless routes (pipeline, validate, lint)
 * are sent it too, to show they persist nothing; what they answer is their own caller's input.
 */
export async function plantEverywhere(fixture: RouteFixture, options: PlantOptions): Promise<void> {
  const { planted } = options;
  await send(fixture, "PUT", "/api/settings", { anthropic: { key: options.typedKey } });
  const tool = {
    name: "lookup_order",
    description: `Look up an order by its order id. ${planted}`,
    input_schema: {
      type: "object",
      properties: { order_id: { type: "string", description: planted }, [planted]: { type: "string" } },
    },
    mock: { kind: "manual" },
  };
  const created = await send(fixture, "POST", "/api/sessions", {
    title: `T ${planted}`,
    system: `System ${planted}`,
    tools: [{ builtin: "read_file" }, tool],
    policy: {
      rules: [
        { id: "ask", stage: "preflight", tool: "read_file", action: "require-approval", reason: planted },
      ],
    },
    provider: { kind: "offline", baseURL: `https://example.com/v1?key=${planted.split(" ").join("&key=")}` },
  });
  const id = (JSON.parse(created.text) as { id: string }).id;
  await send(
    fixture,
    "PATCH",
    "/api/sessions/[id]",
    { title: `P ${planted}`, system: `Patched ${planted}` },
    { id },
  );

  await runToPause(fixture, id, `What is in notes/todo.md? ${planted}`);
  const denied = waitForPause(fixture, id);
  await send(
    fixture,
    "POST",
    "/api/sessions/[id]/calls/[callId]/decision",
    { decision: "deny", reason: planted },
    {
      id,
      callId: findWaitingCall(fixture, id),
    },
  );
  await denied;
  await fixture.runtime.runs.get(id)?.done;

  await runToPause(fixture, id, `Look up order 42 ${planted}`);
  await send(
    fixture,
    "POST",
    "/api/sessions/[id]/calls/[callId]/result",
    { content: `Order 42: ${planted}` },
    {
      id,
      callId: findWaitingCall(fixture, id),
    },
  );
  await fixture.runtime.runs.get(id)?.done;

  const callParams = { id: fixture.sessionId, callId: fixture.callId };
  await send(
    fixture,
    "POST",
    "/api/sessions/[id]/calls/[callId]/replay",
    { arguments: { path: `notes/${planted}`, [planted]: planted } },
    callParams,
  );
  const at = options.forkAt(fixture.runtime.store.events(id));
  await send(fixture, "POST", "/api/sessions/[id]/fork", { at, edits: { system: planted } }, { id });

  const exported = JSON.parse(
    (await send(fixture, "GET", "/api/sessions/[id]/export", undefined, { id })).text,
  ) as Json;
  const session = exported.session as Json;
  const events = exported.events as Json[];
  await send(fixture, "POST", "/api/import", {
    ...exported,
    session: { ...session, title: `Imported ${planted}` },
    events: [...events, { kind: "user.message", turn: 99, text: planted }],
  });
  const har = structuredClone(options.har) as {
    log: { entries: { request: { postData: { text: string } } }[] };
  };
  for (const entry of har.log.entries) {
    const body = JSON.parse(entry.request.postData.text) as Json;
    entry.request.postData.text = JSON.stringify({
      ...body,
      system: planted,
      metadata: { user_id: planted },
    });
  }
  await send(fixture, "POST", "/api/import", har);
  const capture = options.sseCapture.replace('"text":"I"', `"text":"I ${planted}"`);
  await send(fixture, "POST", "/api/import", capture);
  await send(fixture, "POST", "/api/import", { text: capture });

  await Promise.all([
    send(fixture, "POST", "/api/pipeline", {
      calls: [
        { id: "c1", name: "read_file", arguments: { path: `notes/${planted}` } },
        { id: "c2", name: "calculator", arguments: { [planted]: planted } },
      ],
    }),
    send(fixture, "POST", "/api/schema/validate", {
      schema: { type: "integer", description: planted },
      input: planted,
    }),
    send(fixture, "POST", "/api/schema/lint", {
      tool: {
        name: "t",
        description: planted,
        input_schema: { type: "object", properties: { [planted]: {} } },
      },
    }),
  ]);
}

/** Every GET route (from the file system) for every session and one of its calls, each transcript format. */
export async function readEverything(fixture: RouteFixture): Promise<{ url: string; text: string }[]> {
  const read: { url: string; text: string }[] = [];
  const sessions = fixture.runtime.store.listSessions();
  for (const route of listApiRoutes().filter((r) => r.methods.includes("GET"))) {
    const targets: Record<string, string>[] =
      route.params.length === 0 ? [{}] : sessions.map((session) => paramsFor(fixture, session.id));
    for (const params of targets) {
      const queries = route.pattern.endsWith("/transcript")
        ? ["anthropic", "openai-chat", "openai-responses", "unified"].map((format) => `?format=${format}`)
        : [""];
      for (const query of queries) {
        const url = `${fillRoute(route.pattern, params)}${query}`;
        const response = await callRoute(route, "GET", { url, params });
        const headers = JSON.stringify([...response.headers]);
        // An event stream stays open for live events; what is already in the log comes first.
        const body = response.headers.get("content-type")?.startsWith("text/event-stream")
          ? await readBacklog(response, fixture.runtime.store.events(params.id ?? "").at(-1)?.seq ?? -1)
          : await response.text();
        read.push({ url, text: headers + body });
      }
    }
  }
  return read;
}

function paramsFor(fixture: RouteFixture, id: string): { id: string; callId: string } {
  const call = fixture.runtime.store.events(id).find((event) => event.kind === "tool.result");
  return { id, callId: call?.kind === "tool.result" ? call.callId : "call_none" };
}

/** The stream's backlog: the log is queued when the stream starts, so read up to its last event. */
async function readBacklog(response: Response, lastSeq: number): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes(`id: ${lastSeq}\n`)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}
