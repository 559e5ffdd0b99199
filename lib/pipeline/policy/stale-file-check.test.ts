import { describe, expect, it } from "vitest";
import type { NewEvent } from "@/lib/trace/events";
import { EMPTY_WORKSPACE } from "@/lib/trace/workspace";
import { staleFileCheck } from "./stale-file-check";
import {
  buildLog,
  sessionCreated,
  toolCall,
  toolResult,
  turnCompleted,
  workspaceChanged,
} from "@/lib/trace/testing/build-log";
import { FORMAT_NOTES, READ_FILE, WRITE_FILE } from "./testing/policy-tools";

const TOOLS = [READ_FILE, WRITE_FILE, FORMAT_NOTES];
const result = (callId: string, name: string, isError = false) => toolResult({ callId, name, isError });
const read = (id: string, path = "notes/todo.md") => turnCompleted(1, [toolCall(id, "read_file", { path })]);
const write = (id: string, path = "notes/todo.md") =>
  turnCompleted(2, [toolCall(id, "write_file", { path, content: "new" })]);
const format = (id: string) => turnCompleted(2, [toolCall(id, "format_notes", {})]);
const writeChange = (callId: string, path = "notes/todo.md") =>
  workspaceChanged(callId, { type: "write", path, content: "x" });

/** Checks a `write_file` call to `path` (call id `now`) against a log. */
function checkWrite(events: NewEvent[], path = "./notes/todo.md") {
  return staleFileCheck.check({
    call: { id: "now", name: "write_file", arguments: { path, content: "mine" } },
    tool: WRITE_FILE,
    log: buildLog([
      sessionCreated({ tools: TOOLS, workspace: { "notes/todo.md": "# Todo\n" } }),
      ...events,
      turnCompleted(9, [toolCall("now", "write_file", { path })]),
    ]),
    workspace: EMPTY_WORKSPACE,
  });
}

describe("stale-file-check", () => {
  it("blocks a write to a file another call changed since the model read it", () => {
    expect(
      checkWrite([
        read("r1"),
        result("r1", "read_file"),
        format("f1"),
        writeChange("f1"),
        result("f1", "format_notes"),
      ]),
    ).toEqual({
      action: "block",
      reason:
        "`notes/todo.md` changed since you last read it (by call f1). Nothing ran. Read it again, then write.",
    });
  });

  it("counts a deletion as a change", () => {
    const log = [
      read("r1"),
      result("r1", "read_file"),
      format("f1"),
      workspaceChanged("f1", { type: "delete", path: "notes/todo.md" }),
    ];
    expect(checkWrite(log).action).toBe("block");
  });

  it("allows a write to a file the model never read", () => {
    expect(checkWrite([format("f1"), writeChange("f1")])).toEqual({ action: "allow" });
  });

  it("allows a write after the model read the file again", () => {
    const log = [
      read("r1"),
      result("r1", "read_file"),
      format("f1"),
      writeChange("f1"),
      read("r2"),
      result("r2", "read_file"),
    ];
    expect(checkWrite(log)).toEqual({ action: "allow" });
  });

  it("allows a second write after the model's own write of the same path", () => {
    const log = [
      read("r1"),
      result("r1", "read_file"),
      write("w1"),
      writeChange("w1"),
      result("w1", "write_file"),
    ];
    expect(checkWrite(log)).toEqual({ action: "allow" });
  });

  it("does not count a failed read as a read", () => {
    const log = [read("r1"), result("r1", "read_file", true), format("f1"), writeChange("f1")];
    expect(checkWrite(log)).toEqual({ action: "allow" });
  });

  it("ignores changes to other paths and ledger entries", () => {
    const log = [
      read("r1"),
      result("r1", "read_file"),
      format("f1"),
      writeChange("f1", "notes/ideas.md"),
      workspaceChanged("f1", { type: "ledger", entry: { charged: 5 } }),
    ];
    expect(checkWrite(log)).toEqual({ action: "allow" });
  });

  it("allows read-only tools and calls without a path", () => {
    const input = { log: [], workspace: EMPTY_WORKSPACE };
    expect(
      staleFileCheck.check({
        ...input,
        call: { id: "c", name: "read_file", arguments: { path: "a" } },
        tool: READ_FILE,
      }),
    ).toEqual({
      action: "allow",
    });
    expect(
      staleFileCheck.check({
        ...input,
        call: { id: "c", name: "format_notes", arguments: {} },
        tool: FORMAT_NOTES,
      }),
    ).toEqual({
      action: "allow",
    });
  });

  it("throws on a log whose result names a call no turn recorded", () => {
    expect(() => checkWrite([result("ghost", "read_file")])).toThrow(
      "tool.result at seq 1 names call ghost, which no turn.completed holds",
    );
  });

  it("throws on a log out of order", () => {
    const log = buildLog([
      sessionCreated({ tools: TOOLS, workspace: { "notes/todo.md": "# Todo\n" } }),
      read("r1"),
    ]).reverse();
    expect(() =>
      staleFileCheck.check({
        call: { id: "now", name: "write_file", arguments: { path: "notes/todo.md" } },
        tool: WRITE_FILE,
        log,
        workspace: EMPTY_WORKSPACE,
      }),
    ).toThrow("the log is out of order at seq 0");
  });
});
