import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setRuntime } from "@/lib/server/runtime";
import { only, openTestRuntime, type TestRuntime } from "@/lib/agent/testing/offline-runtime";
import { PATCH } from "../route";
import { POST as replay } from "../calls/[callId]/replay/route";
import { POST as fork } from "./route";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-fork-route-");
  setRuntime(test.runtime);
});
afterEach(() => {
  setRuntime(undefined);
  test.close();
});

function request(method: string, body: unknown): Request {
  return new Request("http://127.0.0.1:3000/api/x", {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });

describe("the fork, replay and PATCH routes", () => {
  it("fork: 201 { id } at a fork point; 422 { error, path, validSeqs } elsewhere; 400 naming the field", async () => {
    const id = test.create({ kind: "offline" });
    const events = await test.send(id, "What is in notes/todo.md?");
    const at = only(events, "user.message")[0]!.seq;

    const created = await fork(request("POST", { at }), params({ id }));
    expect(created.status).toBe(201);
    const child = ((await created.json()) as { id: string }).id;
    expect(test.runtime.store.getSession(child)).toMatchObject({ parentId: id, forkSeq: at });

    const refused = await fork(request("POST", { at: 0 }), params({ id }));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      path: "/at",
      validSeqs: [at, expect.any(Number), expect.any(Number)],
    });

    const bad = await fork(request("POST", { at, edits: { colour: "red" } }), params({ id }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { path: string }).path).toBe("/edits/colour");
  });

  it("replay: 200 { stages, result }; an edit decision without arguments is a 400", async () => {
    const id = test.create({ kind: "offline" });
    const events = await test.send(id, "What is in notes/todo.md?");
    const callId = only(events, "tool.result")[0]!.callId;

    const replayed = await replay(request("POST", {}), params({ id, callId }));
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toMatchObject({ result: { isError: false }, stages: expect.any(Array) });

    const bad = await replay(request("POST", { decision: { decision: "edit" } }), params({ id, callId }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ path: "/decision/arguments" });
    expect((await replay(request("POST", {}), params({ id, callId: "nope" }))).status).toBe(404);
  });

  it("PATCH: 200 { session }; a bad tool is a 400 naming it", async () => {
    const id = test.create({ kind: "offline" });
    const patched = await PATCH(request("PATCH", { system: "Be brief." }), params({ id }));
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ session: { id, system: "Be brief." } });
    const bad = await PATCH(request("PATCH", { tools: [{ builtin: "nope" }] }), params({ id }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ path: "/tools/0/builtin" });
  });
});
