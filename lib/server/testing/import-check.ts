/**
 * Posts to `POST /api/import` through its handler and checks docs/api.md's contract on every answer:
 * 201 or a 4xx with `{ error }`, never a throw (a 500); a 4xx saves nothing; a 201's session
 * reads back in every transcript format (it is then deleted, so each run costs the same); and no
 * 422 comes from the importer's last-resort guard (that would mean a converter threw). Test-only.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { UNREADABLE_IMPORT } from "@/lib/agent/import/import-session";
import { openTestRuntime } from "@/lib/agent/import/testing/runtime";
import type { Runtime } from "@/lib/agent/runtime";
import { getTranscriptBody, TRANSCRIPT_FORMATS } from "@/lib/agent/transcript-body";
import { setRuntime } from "@/lib/server/runtime";

/** Imports a JSON value or a text, checks the answer, returns its status. */
export interface ImportChecker {
  json(value: unknown): Promise<number>;
  text(value: string): Promise<number>;
}

export function createImportChecker(
  runtime: Runtime,
  post: (request: Request) => Promise<Response>,
): ImportChecker {
  const importAndCheck = async (body: string, contentType: string): Promise<number> => {
    const before = runtime.store.listSessions().length;
    const response = await post(
      new Request("http://127.0.0.1:3000/api/import", {
        method: "POST",
        headers: { "content-type": contentType },
        body,
      }),
    );
    const answer = (await response.json()) as { id?: string; error?: string };
    const after = runtime.store.listSessions().length;
    if (response.status === 201) {
      expect(after, "a 201 adds exactly one session").toBe(before + 1);
      for (const format of TRANSCRIPT_FORMATS) getTranscriptBody(runtime, answer.id!, { format });
      runtime.store.deleteSession(answer.id!);
    } else {
      expect([400, 413, 422], answer.error).toContain(response.status);
      expect(typeof answer.error).toBe("string");
      expect(answer.error?.startsWith(UNREADABLE_IMPORT), answer.error).toBe(false);
      expect(after, `a ${response.status} saves nothing`).toBe(before);
    }
    return response.status;
  };
  return {
    json: (value) => importAndCheck(JSON.stringify(value), "application/json"),
    text: (value) => importAndCheck(value, "text/plain; charset=utf-8"),
  };
}

/** How many runs each fuzz property makes: `FUZZ_RUNS`, 40 by default. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/**
 * For a test file: opens a test runtime before its tests (as the routes' runtime) with a checker
 * on `post`, and closes it after them. Read `runtime` and `check` inside tests.
 */
export function openImportFixture(post: (request: Request) => Promise<Response>): {
  readonly runtime: Runtime;
  readonly check: ImportChecker;
} {
  let runtime: Runtime | undefined;
  let check: ImportChecker | undefined;
  let dispose = () => {};
  beforeAll(() => {
    ({ runtime, dispose } = openTestRuntime());
    setRuntime(runtime);
    check = createImportChecker(runtime, post);
  });
  afterAll(() => {
    setRuntime(undefined);
    dispose();
  });
  return {
    get runtime() {
      return runtime!;
    },
    get check() {
      return check!;
    },
  };
}
