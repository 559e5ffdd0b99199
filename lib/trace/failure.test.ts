import { describe, expect, it } from "vitest";
import { buildLog } from "./testing/build-log";
import { adviseOn, explainFailure } from "./failure";
import type { NewEvent } from "./events";

const start: NewEvent = { kind: "run.started", runId: "r1", trigger: "message" };
const failed = (error: string, runId = "r1"): NewEvent => ({
  kind: "run.failed",
  runId,
  reason: error,
  error,
  syntheticResults: [],
});
const wireError = (
  source: "http" | "transport" | "stream",
  status: number | null,
  message: string,
): NewEvent => ({
  kind: "wire.error",
  turn: 1,
  attempt: 1,
  source,
  status,
  message,
  body: null,
});

describe("explainFailure", () => {
  it("names the transport error the run hid behind its own message, and says to check the network first", () => {
    const log = buildLog([
      start,
      { kind: "user.message", turn: 1, text: "hi" },
      wireError("transport", null, "getaddrinfo ENOTFOUND api.anthropic.com"),
      failed("Connection error."),
    ]);
    expect(explainFailure(log)).toEqual({
      reason: "getaddrinfo ENOTFOUND api.anthropic.com",
      status: null,
      advice: ["network", "baseUrl", "key"],
    });
  });

  it("falls back to the run's error when no wire error was recorded", () => {
    expect(explainFailure(buildLog([start, failed("No Anthropic API key is configured")]))?.advice).toEqual([
      "key",
      "baseUrl",
    ]);
  });

  it("is null when the last run did not fail, or a new run has started since", () => {
    expect(
      explainFailure(
        buildLog([start, { kind: "run.finished", runId: "r1", reason: "end_turn", syntheticResults: [] }]),
      ),
    ).toBeNull();
    expect(explainFailure(buildLog([start, failed("boom"), { ...start, runId: "r2" }]))).toBeNull();
    expect(explainFailure([])).toBeNull();
  });

  it("ignores a wire error of an earlier run", () => {
    const log = buildLog([
      start,
      wireError("http", 429, "rate limited"),
      failed("x"),
      { ...start, runId: "r2" },
      failed("socket hang up", "r2"),
    ]);
    expect(explainFailure(log)).toEqual({
      reason: "socket hang up",
      status: null,
      advice: ["network", "baseUrl", "key"],
    });
  });
});

describe("adviseOn", () => {
  it.each([
    [401, "invalid x-api-key", ["key", "baseUrl"]],
    [403, "forbidden", ["key", "baseUrl"]],
    [404, "model: claude-x not found", ["model", "baseUrl"]],
    [404, "Not Found", ["baseUrl", "model"]],
    [429, "slow down", ["rateLimit", "retry"]],
    [529, "overloaded", ["overloaded", "retry"]],
    [500, "internal", ["overloaded", "retry"]],
    [400, "unknown model gpt-x", ["model"]],
  ] as const)("status %i (%s)", (status, text, advice) => {
    expect(adviseOn(text, status)).toEqual(advice);
  });

  it("reads a key problem or a network problem from the text alone", () => {
    expect(adviseOn("Incorrect API key provided", null)).toEqual(["key", "baseUrl"]);
    expect(adviseOn("connect ECONNREFUSED 127.0.0.1:9", null)).toEqual(["network", "baseUrl", "key"]);
    expect(adviseOn("something odd", null)).toEqual(["retry", "key", "baseUrl", "network"]);
  });
});
