import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setRuntime } from "@/lib/server/runtime";
import { openTestRuntime, type TestRuntime } from "@/lib/agent/testing/offline-runtime";
import { GET } from "./route";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-sessions-route-");
  setRuntime(test.runtime);
});
afterEach(() => {
  setRuntime(undefined);
  test.close();
});

const list = async (query = "") => {
  const response = GET(new Request(`http://127.0.0.1:3000/api/sessions${query}`));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("GET /api/sessions", () => {
  it("pages with limit and nextCursor, every item with its source", async () => {
    for (let i = 0; i < 3; i++) test.create({ kind: "offline" });
    const first = await list("?limit=2");
    expect(first.status).toBe(200);
    const sessions = first.body.sessions as { id: string; source: string }[];
    expect(sessions.map((s) => s.source)).toEqual(["run", "run"]);
    expect(typeof first.body.nextCursor).toBe("string");
    const second = await list(`?limit=2&cursor=${first.body.nextCursor as string}`);
    expect(second.body).not.toHaveProperty("nextCursor");
    expect((second.body.sessions as unknown[]).length).toBe(1);
    expect((await list("?source=import")).body).toEqual({ sessions: [] });
  });

  it.each([
    ["?limit=0", "limit"],
    ["?limit=501", "limit"],
    ["?limit=ten", "limit"],
    ["?source=web", "source"],
    ["?cursor=%21%21", "cursor"],
  ])("answers %s with 400 naming %s", async (query, path) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ path });
  });
});
