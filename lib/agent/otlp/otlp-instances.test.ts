/**
 * The live OTLP export with two instances on one Postgres database, both exporting to one real
 * OTLP/HTTP receiver (testing/otlp-receiver.ts): each instance sees every session's events live,
 * but a span leaves from the instance that appended the event ending it, so each arrives once.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, expect, it, vi } from "vitest";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { createRuntime, type Runtime } from "@/lib/agent/runtime";
import { startMessageRun } from "@/lib/agent/runs";
import { newSession, TEST_START, TEST_TOKEN } from "@/lib/agent/testing/offline-runtime";
import { createSpanMapper } from "@/lib/otel/session-spans";
import { describeInstances } from "@/lib/agent/testing/postgres-instances";
import { startOtlpReceiver, type OtlpReceiver } from "./testing/otlp-receiver";

let receiver: OtlpReceiver;

describeInstances(
  "the live OTLP export on several instances",
  "otlp-instances",
  ({ cluster, dataDir, track }) => {
    /** How many events each runtime's bus has seen, by session (its own and the other's). */
    const seen = new Map<Runtime, Map<string, number>>();

    const open = (databaseUrl: string) => {
      const runtime = createRuntime({
        dataDir: fs.mkdtempSync(path.join(dataDir(), "rt-")),
        databaseUrl,
        secrets: () => [TEST_TOKEN],
        readKey: () => null,
        clock: createVirtualClock(TEST_START, { autoAdvance: true }),
        otlp: {
          url: receiver.url,
          protocol: "http/protobuf",
          headers: {},
          captureContent: false,
          batchDelayMs: 20,
          timeoutMs: 5000,
        },
      });
      const counts = new Map<string, number>();
      runtime.bus.subscribeAll((event) =>
        counts.set(event.sessionId, (counts.get(event.sessionId) ?? 0) + 1),
      );
      seen.set(runtime, counts);
      return track(runtime);
    };
    /** Waits until `runtime` has seen every event of the session, whoever appended it. */
    const caughtUp = (runtime: Runtime, id: string) =>
      vi.waitFor(() => expect(seen.get(runtime)!.get(id)).toBe(runtime.store.lastSeq(id) + 1), {
        timeout: 10_000,
        interval: 20,
      });
    const run = async (runtime: Runtime, id: string, text: string) => {
      const started = startMessageRun(runtime, id, text);
      if (!started.ok) throw new Error(started.problem.error);
      await runtime.runs.get(id)?.done;
    };

    beforeAll(async () => {
      receiver = await startOtlpReceiver();
    });

    it("sends each span once: the instance that appended the event ending it sends it", async () => {
      const url = await cluster().createDatabase();
      const a = open(url);
      const b = open(url);
      const id = newSession(a);
      // A run on a, then one on b in the same session; each instance sees the other's live.
      await run(a, id, "What is in notes/todo.md?");
      await caughtUp(b, id);
      await run(b, id, "And what is in notes/ideas.md?");
      await caughtUp(a, id);
      await Promise.all([a.otlp!.flush(), b.otlp!.flush()]);

      const mapper = createSpanMapper({ captureContent: false });
      for (const event of a.store.events(id)) mapper.add(event);
      const ended = mapper.spans().filter((span) => span.endMs !== null);
      expect(ended.filter((span) => span.name.startsWith("invoke_agent"))).toHaveLength(2);
      const received = receiver.spans().map((span) => span.spanId);
      expect(received.toSorted()).toEqual(ended.map((span) => span.spanId).toSorted());
    }, 60_000);
  },
  {
    beforeClose: async (runtime) => runtime.otlp?.stop(),
    afterClose: async () => receiver?.close(),
  },
);
