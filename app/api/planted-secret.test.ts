/**
 * Secrets planted in every field the API takes — a provider key from the environment, a key
 * typed into the settings, the launch token, and a secret only the default patterns know — are
 * absent afterwards from every event, every export, every response of every GET route (listed
 * from the file system) for every session, the database file itself, and the server's output.
 * The pages' HTML is checked over HTTP (e2e/security-secrets.spec.ts).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildHar } from "@/lib/agent/import/testing/runtime";
import { readFixtureText } from "@/lib/protocol/testing/fixtures";
import { HARNESS_TOKEN, openRouteFixture, type RouteFixture } from "@/lib/server/testing/route-harness";
import { listForkPoints } from "@/lib/trace/fork-points";
import { plantEverywhere, readEverything } from "@/lib/server/testing/planted-secret-steps";
import { callRoute } from "@/lib/server/testing/route-harness";
import { listApiRoutes } from "@/lib/server/testing/route-table";
import { DEFAULT_SECRET_PATTERNS } from "@/lib/store/redact";

const word = () => randomBytes(18).toString("hex");
/** Shapes no default pattern matches: only exact-match redaction can catch them. */
const ENV_KEY = `env-openai-key-${word()}`;
const TYPED_KEY = `typed-anthropic-key-${word()}`;
/** A shape only the default patterns know (an AWS access key id). */
const PATTERN_SECRET = `AKIA${randomBytes(8).toString("hex").toUpperCase()}`;
const SECRETS = { ENV_KEY, TYPED_KEY, TOKEN: HARNESS_TOKEN, PATTERN_SECRET };
const PLANTED = Object.values(SECRETS).join(" ");

let fixture: RouteFixture;
const output: string[] = [];

function findSecrets(text: string): string[] {
  return Object.entries(SECRETS)
    .filter(([, secret]) => text.includes(secret))
    .map(([name]) => name);
}

beforeAll(async () => {
  fixture = await openRouteFixture({ OPENAI_API_KEY: ENV_KEY });
  const capture = (...parts: unknown[]) =>
    void output.push(parts.map((p) => (p instanceof Error ? p.stack : String(p))).join(" "));
  for (const method of ["log", "info", "warn", "error", "debug"] as const)
    vi.spyOn(console, method).mockImplementation(capture);
  for (const stream of [process.stdout, process.stderr])
    vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
      output.push(String(chunk));
      return true;
    });
  await plantEverywhere(fixture, {
    planted: PLANTED,
    typedKey: TYPED_KEY,
    har: buildHar([
      {
        url: "https://api.anthropic.com/v1/messages",
        request: "anthropic-request-tool-use.json",
        response: "anthropic-stream-tool-use.sse",
      },
    ]),
    sseCapture: readFixtureText("anthropic-stream-tool-use.sse"),
    forkAt: (events) => listForkPoints(events)[0] ?? 0,
  });
}, 60_000);

afterAll(() => {
  vi.restoreAllMocks();
  fixture.close();
});

describe("a planted secret", () => {
  it("reached the server through every channel (the test plants what it checks)", () => {
    const sessions = fixture.runtime.store.listSessions();
    expect(sessions.length).toBe(7);
    const all = JSON.stringify(sessions.map((s) => fixture.runtime.store.events(s.id)));
    expect(all.match(/\[REDACTED\]/g)?.length ?? 0).toBeGreaterThanOrEqual(40);
  });

  it("is in no event of any session", () => {
    const found = fixture.runtime.store
      .listSessions()
      .flatMap((session) => fixture.runtime.store.events(session.id).map((event) => ({ session, event })))
      .flatMap(({ session, event }) =>
        findSecrets(JSON.stringify(event)).map(
          (name) => `${name} in ${session.id} #${event.seq} ${event.kind}`,
        ),
      );
    expect(found).toEqual([]);
  });

  it("is in no response of any GET route, for any session and call, exports and event streams included", async () => {
    const responses = await readEverything(fixture);
    expect(responses.length).toBeGreaterThanOrEqual(40);
    const found = responses.flatMap(({ url, text }) =>
      findSecrets(text).map((name) => `${name} in GET ${url}`),
    );
    expect(found).toEqual([]);
  });

  it("is not at rest in the database file or anywhere else in the data dir (keys.json holds the typed key only)", () => {
    const found: string[] = [];
    for (const name of fs.readdirSync(fixture.dataDir)) {
      const text = fs.readFileSync(path.join(fixture.dataDir, name)).toString("latin1");
      for (const secret of findSecrets(text))
        if (!(name === "keys.json" && secret === "TYPED_KEY")) found.push(`${secret} in ${name}`);
    }
    expect(found).toEqual([]);
  });

  it("is not handed out by the stateless pipeline, whose canned pages hold secrets of their own", async () => {
    const route = listApiRoutes().find((r) => r.pattern === "/api/pipeline")!;
    const calls = ["https://example.com/debug/env", "https://example.com/docs"].map((url, index) => ({
      id: `c${index}`,
      name: "http_get",
      arguments: { url },
    }));
    const response = await callRoute(route, "POST", {
      url: "/api/pipeline",
      params: {},
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ calls }),
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toContain("[REDACTED]");
    expect(findSecrets(text)).toEqual([]);
    expect(
      DEFAULT_SECRET_PATTERNS.flatMap((pattern) => text.match(new RegExp(pattern.source, "g")) ?? []),
    ).toEqual([]);
  });

  it("is not in the server's output", () => {
    expect(findSecrets(output.join("\n"))).toEqual([]);
  });
});
