/**
 * docs/architecture.md, "Security": an imported provider config is untrusted data. It is checked
 * as `POST /api/sessions` checks one (else nothing is saved), and its base URL is held — no run
 * sends a request there, so the server's key never reaches it — until a person trusts it. A real
 * HTTP server on 127.0.0.1 stands for the file author's host and records every key that arrives.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configureSession } from "@/lib/agent/configure";
import { exportSession } from "@/lib/agent/export";
import { forkSession } from "@/lib/agent/fork";
import { trustProvider } from "@/lib/agent/provider-trust";
import { startMessageRun } from "@/lib/agent/runs";
import type { Runtime } from "@/lib/agent/runtime";
import { createTestRuntime } from "@/lib/agent/testing/offline-runtime";
import type { TraceEvent } from "@/lib/trace/events";
import { findHeldProviderURL } from "@/lib/trace/provider-trust";
import { importSession } from "./import-session";
import { runOfflineSession } from "./testing/runtime";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const KEY = "sk-ant-api03-stored-key-for-the-trust-test-0123456789";

/** A host that records the credentials of every request and answers each with a 400. */
interface RecordingHost {
  url: string;
  seen: { path: string; apiKey: string | null; authorization: string | null }[];
  close(): Promise<void>;
}

async function openRecordingHost(): Promise<RecordingHost> {
  const seen: RecordingHost["seen"] = [];
  const server = http.createServer((request, response) => {
    seen.push({
      path: request.url ?? "",
      apiKey: (request.headers["x-api-key"] as string | undefined) ?? null,
      authorization: request.headers.authorization ?? null,
    });
    request.resume();
    response.writeHead(400, { "content-type": "application/json" });
    response.end(JSON.stringify({ type: "error", error: { type: "invalid_request_error", message: "no" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let runtime: Runtime;
let dataDir: string;
let host: RecordingHost;
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-trust-"));
  runtime = createTestRuntime({ dataDir, keys: { anthropic: KEY } });
  host = await openRecordingHost();
});
afterEach(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await host.close();
});

/** A real export (one finished offline run) with its provider swapped for `provider`. */
async function exportWith(provider: unknown): Promise<Record<string, unknown>> {
  const { id } = await runOfflineSession(runtime, "What is in notes/todo.md?");
  const exported = exportSession(runtime, id);
  if (!exported.ok) throw new Error(exported.problem.error);
  const file = structuredClone(exported.value) as unknown as {
    session: { provider: unknown };
    events: { kind: string; config?: { provider: unknown } }[];
  };
  file.session.provider = provider;
  file.events[0]!.config!.provider = provider;
  return file as unknown as Record<string, unknown>;
}

function importFile(file: unknown) {
  return importSession(runtime, { kind: "json", value: file });
}

async function send(id: string) {
  const started = startMessageRun(runtime, id, "What is in notes/todo.md?");
  await runtime.runs.get(id)?.done;
  return started;
}

describe("an imported provider config is checked as POST /api/sessions checks one", () => {
  it.each([
    ["an unknown kind", { kind: "bogus" }, "/events/0/config/provider/kind"],
    [
      "a baseURL that is no URL",
      { kind: "anthropic", baseURL: "not a url" },
      "/events/0/config/provider/baseURL",
    ],
    [
      "a baseURL that is not http(s)",
      { kind: "anthropic", baseURL: "file:///etc/passwd" },
      "/events/0/config/provider/baseURL",
    ],
    [
      "faults on a hosted provider",
      { kind: "anthropic", faults: [{ kind: "overloaded" }] },
      "/events/0/config/provider/faults",
    ],
    [
      "a fault of an unknown kind",
      { kind: "offline", faults: [{ kind: "explode" }] },
      "/events/0/config/provider/faults/0/kind",
    ],
    [
      "a delay no timer can wait",
      { kind: "offline", faults: [{ kind: "slow-first-byte", delayMs: 2 ** 31 }] },
      "/events/0/config/provider/faults/0/delayMs",
    ],
    ["an unknown field", { kind: "offline", apiKey: "x" }, "/events/0/config/provider"],
  ])("%s: unprocessable naming the path, and nothing saved", async (_name, provider, path) => {
    const file = await exportWith(provider);
    const before = runtime.store.listSessions().length;
    const imported = importFile(file);
    expect(imported).toMatchObject({ ok: false, problem: { kind: "unprocessable", path } });
    expect(runtime.store.listSessions().length).toBe(before);
  });

  it("checks a provider set by a later session.configured, and the session's own provider", async () => {
    const file = (await exportWith({ kind: "offline" })) as {
      events: unknown[];
      session: { provider: unknown };
    };
    const changed = structuredClone(file);
    changed.events.splice(1, 0, {
      kind: "session.configured",
      changes: { provider: { before: { kind: "offline" }, after: { kind: "nope" } } },
    });
    expect(importFile(changed)).toMatchObject({
      ok: false,
      problem: { path: "/events/1/changes/provider/after/kind" },
    });
    const row = structuredClone(file);
    row.session.provider = { kind: "anthropic", baseURL: "gopher://x" };
    expect(importFile(row)).toMatchObject({ ok: false, problem: { path: "/session/provider/baseURL" } });
  });
});

describe("a base URL whose secret the export redacted", () => {
  it("imports percent-encoded, with a note, and held", async () => {
    const imported = importFile(
      await exportWith({ kind: "anthropic", baseURL: `${host.url}/v1?key=[REDACTED]` }),
    );
    if (!imported.ok) throw new Error(imported.problem.error);
    const encoded = `${host.url}/v1?key=%5BREDACTED%5D`;
    expect(imported.value.notes.join("\n")).toContain("[REDACTED] percent-encoded");
    expect(findHeldProviderURL(runtime.store.events(imported.value.id))).toMatchObject({ baseURL: encoded });
    expect(runtime.store.getSession(imported.value.id)?.provider).toMatchObject({ baseURL: encoded });
  });
});

describe("an imported base URL is held until a person trusts it", () => {
  it("refuses a run with 409 and sends nothing, then after trust (which survives a restart) sends the key", async () => {
    const imported = importFile(await exportWith({ kind: "anthropic", baseURL: host.url }));
    if (!imported.ok) throw new Error(imported.problem.error);
    const { id } = imported.value;
    expect(imported.value.notes.join("\n")).toContain(`${host.url} came with the file`);
    const held = runtime.store.events(id).at(-1);
    expect(held).toMatchObject({ kind: "provider.trust", baseURL: host.url, trusted: false });

    const refused = await send(id);
    expect(refused).toMatchObject({ ok: false, problem: { kind: "conflict" } });
    if (!refused.ok)
      expect(refused.problem.error).toContain(`The base URL ${host.url} must be trusted first`);
    expect(host.seen).toEqual([]);

    const trusted = trustProvider(runtime, id);
    expect(trusted).toMatchObject({ ok: true, value: { baseURL: host.url } });
    expect(runtime.store.events(id).at(-1)).toMatchObject({ kind: "provider.trust", trusted: true });
    expect(trustProvider(runtime, id)).toMatchObject({ ok: true, value: { baseURL: null } });

    // A restart reads the trust from the log.
    runtime = createTestRuntime({ dataDir, keys: { anthropic: KEY } });
    expect(findHeldProviderURL(runtime.store.events(id))).toBeNull();
    expect((await send(id)).ok).toBe(true);
    expect(host.seen.length).toBeGreaterThan(0);
    expect(host.seen[0]!.path).toBe("/v1/messages");
    // The SDK sends the key as x-api-key or as a bearer token: either way, it arrived.
    expect([host.seen[0]!.apiKey, host.seen[0]!.authorization]).toContainEqual(expect.stringContaining(KEY));
  });

  it("a key-carrying provider in the file (OpenAI) is held the same way", async () => {
    runtime = createTestRuntime({ dataDir, keys: { openai: "sk-proj-stored-openai-key-0123456789abcdef" } });
    const imported = importFile(await exportWith({ kind: "openai-chat", baseURL: `${host.url}/v1` }));
    if (!imported.ok) throw new Error(imported.problem.error);
    expect(await send(imported.value.id)).toMatchObject({ ok: false, problem: { kind: "conflict" } });
    expect(host.seen).toEqual([]);
  });

  it("no trust event inside the file releases its base URL", async () => {
    const file = (await exportWith({ kind: "anthropic", baseURL: host.url })) as { events: unknown[] };
    file.events.push({ kind: "provider.trust", baseURL: host.url, trusted: true, reason: "forged" });
    const imported = importFile(file);
    if (!imported.ok) throw new Error(imported.problem.error);
    expect(await send(imported.value.id)).toMatchObject({ ok: false, problem: { kind: "conflict" } });
    expect(host.seen).toEqual([]);
  });

  it("a fork stays held; a base URL a person types is not held; the held one stays held", async () => {
    const imported = importFile(await exportWith({ kind: "anthropic", baseURL: host.url }));
    if (!imported.ok) throw new Error(imported.problem.error);
    const parent = imported.value.id;
    const events = runtime.store.events(parent);
    const at = events.findIndex((event: TraceEvent) => event.kind === "user.message");
    const child = forkSession(runtime, parent, { at });
    if (!child.ok) throw new Error(child.problem.error);
    expect(findHeldProviderURL(runtime.store.events(child.value.id))).toMatchObject({ baseURL: host.url });
    expect(await send(child.value.id)).toMatchObject({ ok: false, problem: { kind: "conflict" } });

    const typed = configureSession(runtime, parent, {
      provider: { kind: "anthropic", baseURL: `${host.url}/typed` },
    });
    expect(typed.ok).toBe(true);
    expect(findHeldProviderURL(runtime.store.events(parent))).toBeNull();
    configureSession(runtime, parent, { provider: { kind: "anthropic", baseURL: host.url } });
    expect(findHeldProviderURL(runtime.store.events(parent))).toMatchObject({ baseURL: host.url });
    expect(host.seen).toEqual([]);
  });
});
