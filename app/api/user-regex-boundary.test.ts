/**
 * A regex the server would run but the linear-time engine refuses (a backreference, a
 * lookaround) is refused where it enters, naming the field as a JSON Pointer: 400 from session
 * create, PATCH, fork, the stateless pipeline and validate; 422 from import (its refusals are
 * 422s); lint reports it as `regex-unsupported`. A catastrophic pattern RE2 can run is accepted.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setRuntime } from "@/lib/server/runtime";
import { only, openTestRuntime, type TestRuntime } from "@/lib/agent/testing/offline-runtime";
import { POST as importSession } from "./import/route";
import { POST as runPipeline } from "./pipeline/route";
import { POST as lint } from "./schema/lint/route";
import { POST as validate } from "./schema/validate/route";
import { POST as createSession } from "./sessions/route";
import { GET as exportSession } from "./sessions/[id]/export/route";
import { POST as fork } from "./sessions/[id]/fork/route";
import { PATCH as configure } from "./sessions/[id]/route";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-regex-boundary-");
  setRuntime(test.runtime);
});
afterEach(() => {
  setRuntime(undefined);
  test.close();
});

const request = (method: string, body: unknown) =>
  new Request("http://127.0.0.1:3000/api/x", {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });

async function read(response: Response | Promise<Response>): Promise<{ status: number; json: unknown }> {
  const answered = await response;
  return { status: answered.status, json: await answered.json() };
}

const BACKREFERENCE = "(a)\\1";
const LOOKBEHIND = "(?<=a)b";
const ruleWith = (regex: string) => ({
  id: "r",
  stage: "preflight",
  tool: "*",
  action: "block",
  when: [{ pointer: "/path", regex }],
});

describe("a policy regex the linear-time engine refuses", () => {
  it("session create: 400 naming /policy/redact/i or /policy/rules/j/when/k/regex", async () => {
    expect(await read(createSession(request("POST", { policy: { redact: ["ok", BACKREFERENCE] } })))).toEqual(
      {
        status: 400,
        json: { error: expect.stringContaining("backreferences"), path: "/policy/redact/1" },
      },
    );
    const rules = { rules: [ruleWith("^a$"), ruleWith(LOOKBEHIND)] };
    expect(await read(createSession(request("POST", { policy: rules })))).toMatchObject({
      status: 400,
      json: { path: "/policy/rules/1/when/0/regex" },
    });
    expect(test.runtime.store.listSessions()).toEqual([]);
  });

  it("accepts a catastrophic pattern RE2 runs in linear time", async () => {
    const created = await read(createSession(request("POST", { policy: { redact: ["^(a+)+$"] } })));
    expect(created.status).toBe(201);
  });

  it("PATCH and fork: 400 naming the field; nothing is appended", async () => {
    const id = test.create({ kind: "offline" });
    const events = await test.send(id, "What is in notes/todo.md?");
    const patched = await read(
      configure(request("PATCH", { policy: { redact: [LOOKBEHIND] } }), params({ id })),
    );
    expect(patched).toMatchObject({ status: 400, json: { path: "/policy/redact/0" } });
    const at = only(events, "user.message")[0]!.seq;
    const forked = await read(
      fork(request("POST", { at, edits: { policy: { redact: [BACKREFERENCE] } } }), params({ id })),
    );
    expect(forked).toMatchObject({ status: 400, json: { path: "/edits/policy/redact/0" } });
    expect(test.runtime.store.events(id)).toEqual(events);
    expect(test.runtime.store.listSessions()).toHaveLength(1);
  });

  it("the stateless pipeline: 400 naming the field", async () => {
    const body = {
      calls: [{ id: "c1", name: "read_file", arguments: { path: "notes/todo.md" } }],
      policy: { rules: [ruleWith(BACKREFERENCE)] },
    };
    expect(await read(runPipeline(request("POST", body)))).toMatchObject({
      status: 400,
      json: { path: "/policy/rules/0/when/0/regex" },
    });
  });

  it("import: 422 naming the event's field; nothing is saved", async () => {
    const id = test.create({ kind: "offline" });
    await test.send(id, "What is in notes/todo.md?");
    const file = (await (await exportSession(request("GET", undefined), params({ id }))).json()) as {
      events: { config?: { policy?: Record<string, unknown> } }[];
    };
    file.events[0]!.config!.policy = { redact: [BACKREFERENCE] };
    const imported = await read(importSession(request("POST", file)));
    expect(imported).toMatchObject({ status: 422 });
    expect((imported.json as { error: string }).error).toContain("/events/0/config/policy/redact/0");
    expect(test.runtime.store.listSessions()).toHaveLength(1);
  });
});

describe("a JSON Schema regex the linear-time engine refuses", () => {
  const schema = {
    type: "object",
    properties: { name: { type: "string", pattern: BACKREFERENCE } },
    patternProperties: { "(?=x)": {} },
  };

  it("validate: 400 naming its JSON Pointer", async () => {
    const backreference = { type: "object", properties: schema.properties };
    expect(await read(validate(request("POST", { schema: backreference, input: { name: "aa" } })))).toEqual({
      status: 400,
      json: {
        error: expect.stringContaining("backreferences"),
        path: "/schema/properties/name/pattern",
      },
    });
    const lookahead = { type: "object", patternProperties: { "(?=x)": {} } };
    expect(await read(validate(request("POST", { schema: lookahead, inputs: [{}] })))).toMatchObject({
      status: 400,
      json: { path: "/schema/patternProperties/(?=x)" },
    });
  });

  it("lint: one regex-unsupported error per pattern, at its path", async () => {
    const tool = { name: "t", description: "A tool that does t.", input_schema: schema };
    const { json } = await read(lint(request("POST", { tool })));
    const found = (json as { diagnostics: { rule: string; path: string; severity: string }[] }).diagnostics
      .filter((d) => d.rule === "regex-unsupported" || d.rule === "invalid-json-schema")
      .map(({ rule, path, severity }) => ({ rule, path, severity }));
    expect(found).toEqual([
      { rule: "regex-unsupported", path: "/input_schema/patternProperties/(?=x)", severity: "error" },
      { rule: "regex-unsupported", path: "/input_schema/properties/name/pattern", severity: "error" },
    ]);
  });
});
