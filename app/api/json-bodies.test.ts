/**
 * Every route method that reads a body (as the file system lists them), against bodies that are
 * too large or not JSON: 413 or 400 in docs/api.md's error shape, and nothing changes — no session, no
 * event, no live run, no file in the data dir. The ids in the URL are real (a finished run's
 * session and call), so the body is the only thing wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callRoute,
  openRouteFixture,
  snapshotState,
  type RouteFixture,
} from "@/lib/server/testing/route-harness";
import { BODY_METHODS, fillRoute, listApiRoutes } from "@/lib/server/testing/route-table";

const MiB = 1024 * 1024;
/** docs/api.md: 1 MiB, 20 MiB for import. A route not listed here is held to the default. */
const LIMITS: Readonly<Record<string, number>> = { "/api/import": 20 * MiB };
/** Routes that read any body as text when it is not declared JSON: a malformed JSON text is an import they do not recognize. */
const TEXT_ROUTES = new Set(["/api/import"]);

const targets = listApiRoutes().flatMap((route) =>
  route.methods.filter((method) => BODY_METHODS.includes(method)).map((method) => ({ route, method })),
);

let fixture: RouteFixture;
beforeAll(async () => {
  fixture = await openRouteFixture();
});
afterAll(() => fixture.close());

const JSON_TYPE = { "content-type": "application/json" };

function streamOf(bytes: Uint8Array, chunkSize = 256 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

/** A JSON object of exactly `size` bytes: `{"title":"xxx…"}`. */
function jsonOfSize(size: number): string {
  return `{"title":"${"x".repeat(size - 12)}"}`;
}

async function send(route: (typeof targets)[number], body: BodyInit, headers: HeadersInit = JSON_TYPE) {
  const url = fillRoute(route.route.pattern, fixture.params);
  const response = await callRoute(route.route, route.method, { url, params: fixture.params, headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(targets.map((target) => [`${target.method} ${target.route.pattern}`, target] as const))(
  "%s",
  (_name, target) => {
    const limit = LIMITS[target.route.pattern] ?? MiB;
    const limitText = `${limit / MiB} MiB`;

    it(`answers a body one byte over ${limitText} with 413, declared or streamed, and changes nothing`, async () => {
      const before = snapshotState(fixture);
      const text = jsonOfSize(limit + 1);
      const expected = {
        status: 413,
        body: { error: `The request body is larger than ${limitText}`, limitBytes: limit },
      };
      expect(await send(target, text, { ...JSON_TYPE, "content-length": String(text.length) })).toEqual(
        expected,
      );
      expect(await send(target, streamOf(new TextEncoder().encode(text)))).toEqual(expected);
      expect(snapshotState(fixture)).toEqual(before);
    });

    it("answers malformed JSON, invalid UTF-8 and an empty body with 400 at the root, and changes nothing", async () => {
      const before = snapshotState(fixture);
      for (const body of ['{"title": ', "{not json", '{"a":1}}', "\u0000", "NaN"]) {
        const answer = await send(target, body);
        expect([body, answer.status, answer.body.path]).toEqual([body, 400, ""]);
        expect(answer.body.error).toMatch(/^Malformed JSON: /);
      }
      const invalidUtf8 = await send(target, new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
      expect([invalidUtf8.status, invalidUtf8.body.path]).toEqual([400, ""]);
      expect(invalidUtf8.body.error).toMatch(/^Malformed JSON: /);
      const empty = await send(target, "");
      expect([empty.status, empty.body.path]).toEqual([400, ""]);
      expect(empty.body.error).toMatch(/^The request body is empty/);
      expect(snapshotState(fixture)).toEqual(before);
    });

    it("reads the body the same whatever Content-Type says, and changes nothing", async () => {
      const before = snapshotState(fixture);
      for (const type of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
      ]) {
        const answer = await send(target, "{not json", { "content-type": type });
        expect([type, answer.status]).toEqual([type, TEXT_ROUTES.has(target.route.pattern) ? 422 : 400]);
      }
      expect(snapshotState(fixture)).toEqual(before);
    });

    it("answers JSON that is not an object with 400 at the root (422 where any text is an import), and changes nothing", async () => {
      const before = snapshotState(fixture);
      const status = TEXT_ROUTES.has(target.route.pattern) ? 422 : 400;
      for (const body of ["[]", '"text"', "null", "42", "true"]) {
        const answer = await send(target, body);
        expect([body, answer.status]).toEqual([body, status]);
        if (status === 400) expect(answer.body.path).toBe("");
      }
      expect(snapshotState(fixture)).toEqual(before);
    });
  },
);

describe("the routes this file covers", () => {
  it("are every route method with a body, found on the file system", () => {
    const names = targets.map(({ route, method }) => `${method} ${route.pattern}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "POST /api/import",
        "POST /api/sessions",
        "PATCH /api/sessions/[id]",
        "POST /api/sessions/[id]/calls/[callId]/decision",
        "PUT /api/settings",
      ]),
    );
    expect(names.length).toBeGreaterThanOrEqual(13);
  });

  it("run against a real session and call", () => {
    expect(fixture.sessionId).toMatch(/^ses_/);
    expect(fixture.callId).not.toBe("call_none");
  });
});
