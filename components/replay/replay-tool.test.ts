import { describe, expect, it } from "vitest";
import { writeDraft, type DraftStorage } from "@/components/schema/draft-storage";
import { pickReplayTool, readReplayDraft } from "./replay-tool";

function createStorage(): DraftStorage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const renamed = {
  name: "echo",
  description: "Echoes the text back.",
  input_schema: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
  mock: { kind: "echo" },
};

describe("readReplayDraft", () => {
  it("finds no draft where there is none, or no storage", () => {
    expect(readReplayDraft(createStorage(), "s1", "echo")).toEqual({ kind: "none" });
    expect(readReplayDraft(null, "s1", "echo")).toEqual({ kind: "none" });
  });

  it("reads the draft of that session and tool only", () => {
    const storage = createStorage();
    const text = JSON.stringify(renamed, null, 2);
    writeDraft(storage, { sessionId: "s1", target: "echo", text });
    expect(readReplayDraft(storage, "s1", "echo")).toEqual({ kind: "ready", tool: renamed, text });
    expect(readReplayDraft(storage, "s2", "echo")).toEqual({ kind: "none" });
    expect(readReplayDraft(storage, "s1", "other")).toEqual({ kind: "none" });
  });

  it("says why a draft is not a definition yet", () => {
    const storage = createStorage();
    writeDraft(storage, { sessionId: "s1", target: "echo", text: '{"name": ' });
    expect(readReplayDraft(storage, "s1", "echo")).toMatchObject({ kind: "invalid", reason: "json" });
    writeDraft(storage, { sessionId: "s1", target: "echo", text: '{"name": "echo"}' });
    expect(readReplayDraft(storage, "s1", "echo")).toEqual({ kind: "invalid", reason: "input-schema" });
    writeDraft(storage, { sessionId: "s1", target: "echo", text: "[]" });
    expect(readReplayDraft(storage, "s1", "echo")).toEqual({ kind: "invalid", reason: "not-object" });
  });

  it("drops a builtin marker, as the editor does", () => {
    const storage = createStorage();
    writeDraft(storage, {
      sessionId: "s1",
      target: "echo",
      text: JSON.stringify({ ...renamed, builtin: "x" }),
    });
    const draft = readReplayDraft(storage, "s1", "echo");
    expect(draft.kind === "ready" && draft.tool).toEqual(renamed);
  });
});

describe("pickReplayTool", () => {
  const ready = { kind: "ready" as const, tool: { name: "echo", input_schema: {} }, text: "" };

  it("sends the draft only when it was chosen and is ready", () => {
    expect(pickReplayTool("draft", ready)).toEqual({ name: "echo", input_schema: {} });
    expect(pickReplayTool("current", ready)).toBeUndefined();
    expect(pickReplayTool("draft", { kind: "none" })).toBeUndefined();
    expect(pickReplayTool("draft", { kind: "invalid", reason: "name" })).toBeUndefined();
  });
});
