import { describe, expect, it } from "vitest";
import { NO_BREAKPOINTS } from "@/lib/trace/config";
import { createGuideDriver } from "./guide-driver";
import { createGuideState, type GuideCommand } from "./guide-machine";

const initial = createGuideState({
  stops: [["beforeRequest"]],
  index: -1,
  located: [null],
  lastSeq: 0,
  run: { status: "idle", lastRunId: null, paused: null, messagesLeft: 1, breakpoints: NO_BREAKPOINTS },
});

describe("createGuideDriver", () => {
  it("runs the table, notifies on a new state only, and hands the commands to the executor connected last", () => {
    const driver = createGuideDriver(initial);
    const executed: GuideCommand[][] = [];
    let notified = 0;
    driver.subscribe(() => notified++);
    driver.connect(() => executed.push([{ type: "go-live" }]));
    driver.connect((commands) => executed.push(commands));
    driver.dispatch({ type: "step-back" });
    expect([notified, executed]).toEqual([0, []]);
    driver.dispatch({ type: "step-forward" });
    expect(notified).toBe(1);
    expect(driver.getState().index).toBe(0);
    expect(executed).toEqual([
      [
        { type: "store-position", index: 0 },
        { type: "set-breakpoints", changes: { beforeRequest: true } },
        { type: "send-next-message" },
      ],
    ]);
  });

  it("stops notifying after unsubscribing", () => {
    const driver = createGuideDriver(initial);
    let notified = 0;
    const stop = driver.subscribe(() => notified++);
    stop();
    driver.dispatch({ type: "step-forward" });
    expect(notified).toBe(0);
  });
});
