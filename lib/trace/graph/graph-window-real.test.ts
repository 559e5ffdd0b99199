import { describe, expect, it } from "vitest";
import { growEvents, recordRealSession } from "@/bench/long-session";
import type { TraceEvent } from "../events";
import { counting, expectWindowsAgree } from "./testing/windows";
import { createWindowProjector } from "./window-projector";

describe("the graph's windows on the bench's real log (9 offline-model runs grown to 6,000 events)", () => {
  it("give every turn they hold the whole fold's nodes and edges, at 150 cursors", async () => {
    const events: TraceEvent[] = growEvents((await recordRealSession()).events, 6_000);
    const windowed = expectWindowsAgree(events, createWindowProjector(), counting(40, events.length, 40));
    expect(windowed).toBeGreaterThan(90);
  }, 120_000);
});
