/**
 * A known secret is caught however an upstream echoes it: JSON-escaped (a key holding `"` or
 * `\`), every character `\u`-escaped, URL-encoded, or base64 at any alignment inside a longer
 * base64 text; an AWS key id glued to other characters is caught too. And what is served is
 * redacted again on read, so a key saved after events were written is not shown by the API.
 */
import { afterEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startMessageRun } from "@/lib/agent/runs";
import { createSession } from "@/lib/agent/sessions";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { parseServerConfig } from "@/lib/server/config";
import { createServerRuntime, setRuntime } from "@/lib/server/runtime";
import { writeProviderKey } from "@/lib/server/keys";
import type { Runtime } from "@/lib/agent/runtime";
import { PostgresEventStore } from "./pg/store";
import { createRedactor, REDACTED } from "./redact";
import { storeEngines, testCluster } from "./testing/engines";

const SECRET = 'typed-key-"quoted"\\back/slash+plus 0123456789';
const redact = createRedactor([SECRET]);

describe("a known secret in an encoding", () => {
  it("is caught JSON-escaped, inside JSON text", () => {
    const text = JSON.stringify({ echoed: SECRET });
    expect(text).not.toContain(SECRET);
    expect(redact(text)).toBe(`{"echoed":"${REDACTED}"}`);
  });

  it("is caught with every character \\u-escaped, in either hex case", () => {
    const lower = [...SECRET].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
    expect(redact(`data: {"x":"${lower}"}`)).toBe(`data: {"x":"${REDACTED}"}`);
    expect(redact(lower.toUpperCase().replace(/\\U/g, "\\u"))).toBe(REDACTED);
  });

  it("is caught URL-encoded, in either hex case", () => {
    const encoded = encodeURIComponent(SECRET);
    expect(redact(`https://x.example/?key=${encoded}&a=1`)).toBe(`https://x.example/?key=${REDACTED}&a=1`);
    expect(redact(`?key=${encoded.toLowerCase()}`)).not.toContain(encoded.toLowerCase());
  });

  it.each(["", "a", "ab"])("is caught in base64 and base64url after a %j prefix", (prefix) => {
    const base64 = Buffer.from(`Authorization: ${prefix}${SECRET} trailing`).toString("base64");
    const redacted = redact(`basic ${base64}`);
    expect(redacted).toContain(REDACTED);
    const url = base64.replace(/\+/g, "-").replace(/\//g, "_");
    expect(redact(url)).toContain(REDACTED);
  });

  it("catches an AWS access key id glued to other characters", () => {
    expect(redact("keyAKIAABCDEFGHIJKLMNOP")).toBe(`key${REDACTED}`);
    expect(redact("AKIAABCDEFGHIJKLMNOP_tail")).toBe(`${REDACTED}_tail`);
  });
});

describe.each(storeEngines())("a secret configured after it was written into events, on $name", (engine) => {
  let dataDir: string | undefined;
  let runtime: Runtime | undefined;
  afterEach(() => {
    setRuntime(undefined);
    if (runtime?.store instanceof PostgresEventStore) runtime.store.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is redacted on read: session detail, transcript and the event stream's backlog", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-read-redact-"));
    const databaseUrl = engine.name === "postgres" ? await testCluster()!.createDatabase() : undefined;
    const config = parseServerConfig({
      TOOLSCOPE_DATA_DIR: dataDir,
      TOOLSCOPE_TOKEN: "test-token-0123456789",
      ...(databaseUrl ? { TOOLSCOPE_DATABASE_URL: databaseUrl } : {}),
    });
    expect(config.databaseUrl ?? null).toBe(databaseUrl ?? null);
    runtime = createServerRuntime(config, createVirtualClock(1_700_000_000_000, { autoAdvance: true }));
    setRuntime(runtime);
    const later = "later-saved-key-0123456789abcdef";
    const created = createSession(runtime, { provider: { kind: "offline" } });
    if (!created.ok) throw new Error(created.problem.error);
    const id = created.value.id;
    const started = startMessageRun(runtime, id, `What is in notes/todo.md? ${later}`);
    if (!started.ok) throw new Error(started.problem.error);
    await runtime.runs.get(id)?.done;
    expect(JSON.stringify(runtime.store.events(id))).toContain(later);

    writeProviderKey("anthropic", later, config);
    const { GET: detail } = await import("@/app/api/sessions/[id]/route");
    const { GET: transcript } = await import("@/app/api/sessions/[id]/transcript/route");
    const params = { params: Promise.resolve({ id }) };
    const url = `http://127.0.0.1:3000/api/sessions/${id}`;
    const served = [
      await (await detail(new Request(url), params)).text(),
      await (await transcript(new Request(`${url}/transcript?format=unified`), params)).text(),
      JSON.stringify(runtime.store.eventsForReading(id)),
      JSON.stringify(runtime.store.listSessions()),
    ];
    for (const text of served) {
      expect(text).not.toContain(later);
    }
    expect(served[0]).toContain(REDACTED);
  });
});
