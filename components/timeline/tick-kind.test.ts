import { describe, expect, it } from "vitest";
import { classifyEvent } from "./tick-kind";

describe("classifyEvent colours each event kind by what it is", () => {
  it("groups the events of a run", () => {
    expect(classifyEvent("user.message")).toBe("user");
    expect(classifyEvent("wire.event")).toBe("wire");
    expect(classifyEvent("tool.stage")).toBe("tool");
    expect(classifyEvent("tool.result")).toBe("result");
    expect(classifyEvent("run.paused")).toBe("pause");
    expect(classifyEvent("run.failed")).toBe("error");
    expect(classifyEvent("wire.error")).toBe("error");
    expect(classifyEvent("session.configured")).toBe("session");
  });
});
