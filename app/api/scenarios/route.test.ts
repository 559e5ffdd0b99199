import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setRuntime } from "@/lib/server/runtime";
import { only, openTestRuntime, type TestRuntime } from "@/lib/agent/testing/offline-runtime";
import { firstToolCallLesson } from "@/lib/lessons/course/first-tool-call";
import { LESSONS } from "@/lib/lessons/course";
import { POST as createSession } from "../sessions/route";
import { POST as sendMessage } from "../sessions/[id]/messages/route";
import { GET as getScenario } from "./[id]/route";
import { GET as listScenarios } from "./route";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-scenarios-route-");
  setRuntime(test.runtime);
});
afterEach(() => {
  setRuntime(undefined);
  test.close();
});

const get = (query = "") => new Request(`http://127.0.0.1:3000/api/scenarios${query}`);
const post = (body: unknown) =>
  new Request("http://127.0.0.1:3000/api/x", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });

describe("GET /api/scenarios", () => {
  it("lists every lesson in English by default, in Chinese with lang=zh", async () => {
    const english = await listScenarios(get());
    expect(english.status).toBe(200);
    const { scenarios } = (await english.json()) as { scenarios: { id: string; title: string }[] };
    expect(scenarios.map((s) => s.id)).toEqual(LESSONS.map((lesson) => lesson.id));
    expect(scenarios[0]).toEqual({
      id: "first-tool-call",
      title: "Your first tool call",
      concepts: [...firstToolCallLesson.concepts],
      summary: firstToolCallLesson.summary.en,
      messages: 1,
    });
    const chinese = (await (await listScenarios(get("?lang=zh"))).json()) as {
      scenarios: { title: string }[];
    };
    expect(chinese.scenarios[0]!.title).toBe("第一次工具调用");
  });

  it("refuses a language it has no texts in, naming lang", async () => {
    const response = await listScenarios(get("?lang=fr"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'lang must be one of en, zh; got "fr".', path: "lang" });
  });
});

describe("GET /api/scenarios/:id", () => {
  it("serves the steps in the language asked for; 404 for an unknown id; 400 for a bad lang", async () => {
    const response = await getScenario(get("?lang=zh"), params({ id: "first-tool-call" }));
    const detail = (await response.json()) as { steps: { target: string; match: unknown; text: string }[] };
    expect(detail.steps[0]).toEqual({
      target: "event:user.message",
      match: { kind: "user.message", fields: { turn: 1 } },
      text: firstToolCallLesson.steps[0]!.text.zh,
    });
    expect(detail.steps).toHaveLength(firstToolCallLesson.steps.length);
    expect((await getScenario(get(), params({ id: "__proto__" }))).status).toBe(404);
    expect((await getScenario(get("?lang=de"), params({ id: "first-tool-call" }))).status).toBe(400);
  });
});

describe("a lesson session through the routes", () => {
  it("POST /api/sessions { scenario } then POST .../messages { lang } until the script is done", async () => {
    const created = await createSession(post({ scenario: "first-tool-call" }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const sent = await sendMessage(post({ lang: "zh" }), params({ id }));
    expect(sent.status).toBe(202);
    await test.runtime.runs.get(id)?.done;
    const events = test.runtime.store.events(id);
    expect(only(events, "user.message").map((e) => e.text)).toEqual(["notes/todo.md 里写了什么？"]);
    expect(only(events, "run.finished")).toHaveLength(1);

    const done = await sendMessage(post({}), params({ id }));
    expect(done.status).toBe(409);
    expect(((await done.json()) as { error: string }).error).toBe(
      "This lesson's script is done: all 1 messages were sent.",
    );
  });

  it("refuses an unknown scenario naming /scenario, and a bad lang naming /lang", async () => {
    const unknown = await createSession(post({ scenario: "nope" }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: 'No scenario named "nope" exists.', path: "/scenario" });
    const { id } = (await (await createSession(post({ scenario: "first-tool-call" }))).json()) as {
      id: string;
    };
    const bad = await sendMessage(post({ lang: "fr" }), params({ id }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { path: string }).path).toBe("/lang");
  });
});
