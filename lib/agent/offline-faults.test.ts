/**
 * Every injected fault (docs/api.md, `Fault`), in every wire format, through the real SDK and the
 * agent loop: each ends with a clear `wire.error` (and `run.failed` unless a retry recovers),
 * records every event that arrived whole, and leaves a transcript the pairing doctor accepts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import type { WireFormat } from "@/lib/protocol/unified";
import type { Fault } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { projectTranscript } from "@/lib/trace/transcript";
import { only, openTestRuntime, type TestRuntime } from "./testing/offline-runtime";

const MESSAGE = "What is in notes/todo.md?";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-faults-");
});
afterEach(() => test.close());

/** The session's log after one message, on the offline model speaking `wire` with `faults`. */
function runWith(wire: WireFormat, faults: Fault[]): Promise<TraceEvent[]> {
  return test.send(test.create({ kind: "offline", wire, faults }), MESSAGE);
}

/** Turn 1's wire events of one attempt as `{ event, data }`. */
function readWire(events: readonly TraceEvent[], attempt = 1) {
  return only(events, "wire.event")
    .filter((e) => e.turn === 1 && e.attempt === attempt)
    .map(({ event, data }) => ({ event, data }));
}

/** The turn's events as `kind attempt status`, wire events counted, for the attempt story. */
function readAttempts(events: readonly TraceEvent[], turn = 1): string[] {
  const lines: string[] = [];
  for (const e of events) {
    if (!("turn" in e) || e.turn !== turn) continue;
    if (e.kind === "wire.event") {
      const last = lines.at(-1);
      const prefix = `wire.event ${e.attempt} ×`;
      if (last?.startsWith(prefix))
        lines[lines.length - 1] = `${prefix}${Number(last.slice(prefix.length)) + 1}`;
      else lines.push(`${prefix}1`);
    } else if (e.kind === "wire.response" || e.kind === "wire.error") {
      lines.push(`${e.kind} ${e.attempt} ${e.status}`);
    } else if (e.kind === "request.assembled" || e.kind === "turn.completed") {
      lines.push(`${e.kind} ${e.attempt}`);
    }
  }
  return lines;
}

/** The end every fault must leave: dense seqs, one run end, a transcript the doctor accepts. */
function expectValidEnd(events: readonly TraceEvent[], end: "run.finished" | "run.failed"): void {
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
  expect(
    events.filter((e) => e.kind.startsWith("run.") && e.kind !== "run.started").map((e) => e.kind),
  ).toEqual([end]);
  expect(events.at(-1)?.kind).toBe(end);
  // A call cut inside its arguments is reported, as a warning: it has its result all the same.
  const findings = checkTranscript(projectTranscript(events).messages);
  expect(findings.filter((finding) => finding.severity === "error")).toEqual([]);
  expect(
    findings.map((finding) => finding.rule).filter((rule) => rule !== "call-unparsed-arguments"),
  ).toEqual([]);
}

const ARGUMENT_PIECE: Record<WireFormat, (event: { event: string | null; data: string }) => boolean> = {
  anthropic: (e) => e.event === "content_block_delta" && e.data.includes('"input_json_delta"'),
  "openai-chat": (e) => e.event === null && e.data.includes('"function":{"arguments":'),
  "openai-responses": (e) => e.event === "response.function_call_arguments.delta",
};

const OVERLOADED: Record<WireFormat, { event: string | null; message: string; bodyType: string }> = {
  anthropic: { event: "error", message: "overloaded_error: Overloaded", bodyType: "overloaded_error" },
  "openai-chat": {
    event: null,
    message:
      "server_error: The server is overloaded (injected by the offline model). Please try again later.",
    bodyType: "server_error",
  },
  "openai-responses": {
    event: "error",
    message:
      "server_error: The server is overloaded (injected by the offline model). Please try again later.",
    bodyType: "server_error",
  },
};

describe.each(["anthropic", "openai-chat", "openai-responses"] as const)(
  "faults on the %s wire",
  // Whole runs through the SDKs and the store; the first one also loads every module.
  { timeout: 30_000 },
  (wire) => {
    it("cut-stream: every whole event before the cut is recorded, then wire.error and run.failed", async () => {
      const clean = readWire(await runWith(wire, []));
      const events = await runWith(wire, [{ kind: "cut-stream", afterEvents: 5 }]);
      expect(readWire(events)).toEqual(clean.slice(0, 5));
      expect(only(events, "wire.error")).toEqual([
        expect.objectContaining({
          turn: 1,
          attempt: 1,
          source: "stream",
          status: null,
          message:
            "The stream ended in the middle of an event, after 5 complete events: the connection was cut.",
          body: null,
        }),
      ]);
      // Five chat chunks already begin the tool call: what arrived is kept, marked cut.
      expect(only(events, "turn.completed").map((e) => e.cut)).toEqual(wire === "openai-chat" ? [true] : []);
      expectValidEnd(events, "run.failed");
    });

    it("cut-stream by default lands inside the first tool call's arguments", async () => {
      const events = await runWith(wire, [{ kind: "cut-stream" }]);
      const recorded = readWire(events);
      expect(ARGUMENT_PIECE[wire](recorded.at(-1)!)).toBe(true);
      expect(only(events, "wire.error").map((e) => e.source)).toEqual(["stream"]);
      // The call cut inside its arguments is kept as it arrived, and answered as interrupted.
      const [cut] = only(events, "turn.completed");
      expect(cut).toMatchObject({ cut: true, stopReason: { unified: "other", raw: null } });
      const call = cut!.unified.content.find((block) => block.type === "toolCall")!;
      expect(call).toMatchObject({ type: "toolCall", arguments: null });
      expect(only(events, "run.failed")[0]!.syntheticResults.map((r) => [r.toolCallId, r.errorKind])).toEqual(
        [[call.type === "toolCall" ? call.id : "", "interrupted"]],
      );
      expect(projectTranscript(events).messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
      expectValidEnd(events, "run.failed");
    });

    it("overloaded: the format's error event after the data events, then run.failed", async () => {
      const clean = readWire(await runWith(wire, []));
      const events = await runWith(wire, [{ kind: "overloaded", afterEvents: 3 }]);
      const recorded = readWire(events);
      expect(recorded.slice(0, 3)).toEqual(clean.slice(0, 3));
      expect(recorded).toHaveLength(4);
      expect(recorded[3]!.event).toBe(OVERLOADED[wire].event);
      if (wire === "openai-responses")
        expect(JSON.parse(recorded[3]!.data)).toMatchObject({ type: "error", sequence_number: 3 });
      const [error] = only(events, "wire.error");
      expect(error).toMatchObject({
        attempt: 1,
        source: "stream",
        status: null,
        message: OVERLOADED[wire].message,
      });
      expect(error!.body).toContain(`"type":"${OVERLOADED[wire].bodyType}"`);
      expectValidEnd(events, "run.failed");
    });

    it("http-status 429 once: attempt 1 fails with its body, the SDK's retry (attempt 2) succeeds", async () => {
      const clean = readWire(await runWith(wire, []));
      const events = await runWith(wire, [{ kind: "http-status", status: 429, retryAfter: 0 }]);
      expect(readAttempts(events)).toEqual([
        "request.assembled 1",
        "wire.response 1 429",
        "wire.error 1 429",
        "wire.response 2 200",
        `wire.event 2 ×${clean.length}`,
        "turn.completed 2",
      ]);
      expect(readWire(events, 2)).toEqual(clean);
      expect(
        only(events, "wire.event")
          .filter((e) => e.attempt === 2)
          .map((e) => e.index),
      ).toEqual(clean.map((_, i) => i));
      const [error] = only(events, "wire.error");
      expect(error).toMatchObject({
        source: "http",
        message:
          "HTTP 429 (the SDK retries after 0 ms): Rate limit reached (a fault injected by the offline model). Retry after 0 s.",
      });
      expect(JSON.parse(error!.body!)).toEqual(
        wire === "anthropic"
          ? { type: "error", error: { type: "rate_limit_error", message: expect.any(String) } }
          : {
              error: {
                message: expect.any(String),
                type: "requests",
                code: "rate_limit_exceeded",
                param: null,
              },
            },
      );
      expect(only(events, "wire.response")[0]!.headers).toMatchObject({ "retry-after": "0" });
      expectValidEnd(events, "run.finished");
    });

    it("http-status 529 with retry-after 5: the retry waits 5 s on the run's clock", async () => {
      const events = await runWith(wire, [{ kind: "http-status", status: 529, retryAfter: 5 }]);
      const [failed, retried] = only(events, "wire.response");
      const error = only(events, "wire.error")[0]!;
      expect([failed!.status, retried!.status, retried!.attempt]).toEqual([529, 200, 2]);
      expect(error.message).toBe(
        "HTTP 529 (the SDK retries after 5000 ms): Overloaded (a fault injected by the offline model).",
      );
      expect(retried!.at - error.at).toBe(5000);
      expectValidEnd(events, "run.finished");
    });

    it("http-status 429 with retry-after 2: the SDK honours it, the retry comes 2 s later on the run's clock", async () => {
      const events = await runWith(wire, [{ kind: "http-status", status: 429, retryAfter: 2 }]);
      const [failed, retried] = only(events, "wire.response");
      const [error] = only(events, "wire.error");
      expect([failed!.status, failed!.headers["retry-after"], retried!.status, retried!.attempt]).toEqual([
        429,
        "2",
        200,
        2,
      ]);
      expect(error!.message).toBe(
        "HTTP 429 (the SDK retries after 2000 ms): Rate limit reached (a fault injected by the offline model). Retry after 2 s.",
      );
      expect(retried!.at - error!.at).toBe(2000);
      expectValidEnd(events, "run.finished");
    });

    it("http-status 400: not retried — one attempt, its wire.error, then run.failed", async () => {
      const events = await runWith(wire, [{ kind: "http-status", status: 400, times: 3 }]);
      expect(readAttempts(events)).toEqual([
        "request.assembled 1",
        "wire.response 1 400",
        "wire.error 1 400",
      ]);
      const reason = "HTTP 400: HTTP 400 (a fault injected by the offline model).";
      expect(only(events, "run.failed").map((e) => e.reason)).toEqual([reason]);
      expectValidEnd(events, "run.failed");
    });

    it("http-status 500 three times: all three attempts fail, each with its own wire.error, then run.failed", async () => {
      const events = await runWith(wire, [{ kind: "http-status", status: 500, times: 3 }]);
      expect(readAttempts(events)).toEqual([
        "request.assembled 1",
        "wire.response 1 500",
        "wire.error 1 500",
        "wire.response 2 500",
        "wire.error 2 500",
        "wire.response 3 500",
        "wire.error 3 500",
      ]);
      const reason = "HTTP 500: Internal server error (a fault injected by the offline model).";
      expect(only(events, "wire.error").at(-1)?.message).toBe(reason);
      expect(only(events, "run.failed")[0]?.reason).toBe(reason);
      expectValidEnd(events, "run.failed");
    });

    it("garbled-json: the garbled line is recorded as it came, then wire.error and run.failed", async () => {
      const clean = readWire(await runWith(wire, []));
      const events = await runWith(wire, [{ kind: "garbled-json", afterEvents: 3 }]);
      const recorded = readWire(events);
      expect(recorded.slice(0, 3)).toEqual(clean.slice(0, 3));
      expect(recorded[3]).toEqual({
        event: clean[3]!.event,
        data: clean[3]!.data.slice(0, Math.floor(clean[3]!.data.length / 2)),
      });
      expect(recorded).toHaveLength(4);
      const [error] = only(events, "wire.error");
      expect(error).toMatchObject({ source: "stream", status: null });
      expect(error!.message).toMatch(/^A data line of the stream is not valid JSON: /);
      expectValidEnd(events, "run.failed");
    });

    it("slow-first-byte: the response comes 2 s later on the run's clock, and the run goes on", async () => {
      const events = await runWith(wire, [{ kind: "slow-first-byte", delayMs: 2000 }]);
      const assembled = only(events, "request.assembled");
      const responses = only(events, "wire.response");
      expect(responses.map((e) => [e.turn, e.attempt, e.status])).toEqual([
        [1, 1, 200],
        [2, 1, 200],
      ]);
      expect(responses[0]!.at - assembled[0]!.at).toBe(2000);
      expect(responses[1]!.at - assembled[1]!.at).toBe(0);
      expectValidEnd(events, "run.finished");
    });

    it("turn limits a fault to one turn: turn 1 runs its tool, turn 2 is cut", async () => {
      const events = await runWith(wire, [{ kind: "cut-stream", turn: 2 }]);
      expect(only(events, "turn.completed").map((e) => e.turn)).toEqual([1]);
      expect(only(events, "wire.error").map((e) => [e.turn, e.attempt, e.source])).toEqual([
        [2, 1, "stream"],
      ]);
      expect(projectTranscript(events).messages.map((m) => [m.role, m.content.map((b) => b.type)])).toEqual([
        ["user", ["text"]],
        ["assistant", ["text", "toolCall"]],
        ["user", ["toolResult"]],
      ]);
      expectValidEnd(events, "run.failed");
    });
  },
);
