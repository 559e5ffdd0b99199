/**
 * Several instances on one Postgres database: appenders in two processes keep every session's
 * seq dense, and a commit by one instance reaches the bus of every other one, once.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TraceEvent } from "@/lib/trace/events";
import { EventBus } from "@/lib/store/bus";
import { createRedactor } from "@/lib/store/redact";
import { NO_POSTGRES_MESSAGE, startTestPostgres, type TestPostgres } from "@/lib/store/testing/postgres";
import { postgresBin, requirePostgresTest } from "@/lib/store/testing/engines";
import { PostgresEventStore } from "./store";

const CHILD = path.join(import.meta.dirname, "..", "testing", "append-child.mjs");

/** Starts a writer process; resolves once it is ready, with a trigger and its result. */
function startWriter(url: string, name: string, sessions: string[], count: number) {
  const child = spawn(process.execPath, [CHILD, url, name, sessions.join(","), String(count)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const iterator = lines[Symbol.asyncIterator]();
  const ready = iterator.next().then(({ value }) => expect(value).toBe("ready"));
  const result = (async () => {
    const { value } = await iterator.next();
    await new Promise((resolve) => child.once("close", resolve));
    return JSON.parse(value as string) as Record<string, number[]>;
  })();
  return { ready, go: () => child.stdin.end("go\n"), result };
}

if (!postgresBin) {
  console.warn(NO_POSTGRES_MESSAGE);
  describe("several instances on one Postgres", () => requirePostgresTest());
} else {
  const bin = postgresBin;
  describe("several instances on one Postgres", () => {
    let cluster: TestPostgres;
    const stores: PostgresEventStore[] = [];
    const open = (url: string, bus = new EventBus()) => {
      const store = new PostgresEventStore(url, bus, createRedactor([]));
      stores.push(store);
      return store;
    };
    beforeAll(() => {
      cluster = startTestPostgres(bin);
    }, 120_000);
    afterAll(() => {
      for (const store of stores) store.close();
      cluster.stop();
    });

    it("keeps seq dense per session under appenders in two processes", async () => {
      const url = await cluster.createDatabase();
      const store = open(url);
      const sessions = ["a", "b", "c"];
      for (const id of sessions) store.createSession({ id, title: id, provider: { kind: "offline" } });
      const count = 150;
      const writers = [startWriter(url, "one", sessions, count), startWriter(url, "two", sessions, count)];
      await Promise.all(writers.map((writer) => writer.ready));
      for (const writer of writers) writer.go();
      const [one, two] = await Promise.all(writers.map((writer) => writer.result));
      for (const id of sessions) {
        const seqs = store.events(id).map((event) => event.seq);
        expect(seqs).toEqual([...Array(2 * count).keys()]);
        // Each writer got distinct seqs and together they are all of them: no lost update.
        expect(new Set([...one![id]!, ...two![id]!]).size).toBe(2 * count);
        // They really interleaved: neither writer got one unbroken block.
        const mine = one![id]!;
        expect(mine.at(-1)! - mine[0]!).toBeGreaterThan(count - 1);
        expect(store.getSession(id)!.eventCount).toBe(2 * count);
      }
    }, 120_000);

    it("publishes another instance's commits to this instance's bus, once each, and nothing rolled back", async () => {
      const url = await cluster.createDatabase();
      const busA = new EventBus();
      const busB = new EventBus();
      const a = open(url, busA);
      const b = open(url, busB);
      a.createSession({ id: "s1", title: "One", provider: { kind: "offline" } });
      const onA: number[] = [];
      const onB: string[] = [];
      busA.subscribe("s1", (event) => onA.push(event.seq));
      busB.subscribe("s1", (event: TraceEvent) => onB.push(`${event.seq} ${event.kind}`));
      a.append("s1", { kind: "user.message", turn: 1, text: "one" });
      a.transaction(() => {
        a.append("s1", { kind: "run.started", runId: "r1", trigger: "message" });
        a.append("s1", { kind: "user.message", turn: 2, text: "two" });
      });
      expect(() =>
        a.transaction(() => {
          a.append("s1", { kind: "user.message", turn: 3, text: "rolled back" });
          throw new Error("boom");
        }),
      ).toThrow("boom");
      b.append("s1", { kind: "user.message", turn: 3, text: "from b" });
      await vi.waitFor(() => expect(onB).toHaveLength(4), { timeout: 10_000 });
      await vi.waitFor(() => expect(onA).toHaveLength(4), { timeout: 10_000 });
      // b's own append is published at once; a's arrive when announced (a stream fills gaps in order).
      expect(onB.toSorted()).toEqual(["0 user.message", "1 run.started", "2 user.message", "3 user.message"]);
      expect(onA).toEqual([0, 1, 2, 3]);
      expect(b.getSession("s1")).toMatchObject({ status: "running", eventCount: 4 });
    }, 60_000);

    it("reads what another instance committed, and the requests addressed to it, while its listener was away", async () => {
      const url = await cluster.createDatabase();
      const busB = new EventBus();
      const a = open(url);
      const b = open(url, busB);
      b.leases!.messages.answer(async (body) => ({ echoed: body }));
      a.createSession({ id: "s2", title: "Two", provider: { kind: "offline" } });
      const onB: number[] = [];
      busB.subscribe("s2", (event) => onB.push(event.seq));
      a.append("s2", { kind: "user.message", turn: 1, text: "before" });
      await vi.waitFor(() => expect(onB).toEqual([0]), { timeout: 10_000 });

      const said = vi.spyOn(console, "error").mockImplementation(() => {});
      const saying = (text: string) => said.mock.calls.filter(([line]) => String(line).includes(text)).length;
      try {
        // Ends both instances' listening connections, as a server restart or a cut network would.
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        const { rows } = await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'toolscope-listener' AND datname = current_database()",
        );
        await admin.end();
        expect(rows).toHaveLength(2);
        await vi.waitFor(() => expect(saying("lost its connection")).toBe(2), { timeout: 10_000 });
        // Nobody listens now: these NOTIFYs reach no one (the first reconnect waits 100 ms).
        a.append("s2", { kind: "run.started", runId: "r2", trigger: "message" });
        a.append("s2", { kind: "user.message", turn: 2, text: "while away" });
        const answer = a.leases!.messages.ask(b.instanceId, { hello: "b" }, 15_000);
        await vi.waitFor(() => expect(saying("connected to")).toBe(2), { timeout: 15_000 });
        await vi.waitFor(() => expect(onB).toEqual([0, 1, 2]), { timeout: 10_000 });
        expect(await answer).toEqual({ echoed: { hello: "b" } });
        // And it listens again: a later commit arrives as before, once.
        a.append("s2", { kind: "user.message", turn: 3, text: "after" });
        await vi.waitFor(() => expect(onB).toEqual([0, 1, 2, 3]), { timeout: 10_000 });
      } finally {
        said.mockRestore();
      }
    }, 60_000);
  });
}
