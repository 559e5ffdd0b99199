import { describe, expect, it } from "vitest";
import {
  buildDraftKey,
  clearDraft,
  listDraftTargets,
  readDraft,
  writeDraft,
  type DraftStorage,
} from "./draft-storage";

/** A `Map`-backed storage; `full` makes every write throw, as a full `localStorage` does. */
function createStorage(full = false): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      if (full) throw new Error("QuotaExceededError");
      map.set(key, value);
    },
    removeItem: (key) => void map.delete(key),
  };
}

describe("draft storage keys", () => {
  it("names the session and the tool", () => {
    expect(buildDraftKey("s1", "read_notes")).toBe("toolscope:tool-draft:v1:s1:read_notes");
  });

  it("gives the tool being added a key no tool name can take", () => {
    expect(buildDraftKey("s1", null)).toBe("toolscope:tool-draft:v1:s1:#new");
    expect(buildDraftKey("s1", "#new")).toBe("toolscope:tool-draft:v1:s1:%23new");
  });

  it("keeps sessions apart even when ids contain the separator", () => {
    expect(buildDraftKey("a:b", "c")).not.toBe(buildDraftKey("a", "b:c"));
  });
});

describe("drafts per session and tool", () => {
  it("writes, reads and clears a draft", () => {
    const storage = createStorage();
    expect(writeDraft(storage, { sessionId: "s1", target: "echo", text: '{"name": ' })).toBe(true);
    expect(readDraft(storage, "s1", "echo")).toBe('{"name": ');
    expect(readDraft(storage, "s2", "echo")).toBeNull();
    clearDraft(storage, "s1", "echo");
    expect(readDraft(storage, "s1", "echo")).toBeNull();
  });

  it("lists the targets with a draft in one session only, the new tool as null", () => {
    const storage = createStorage();
    writeDraft(storage, { sessionId: "s1", target: "a/b", text: "1" });
    writeDraft(storage, { sessionId: "s1", target: null, text: "2" });
    writeDraft(storage, { sessionId: "s2", target: "other", text: "3" });
    storage.setItem("toolscope:pane-sizes", "{}");
    expect(listDraftTargets(storage, "s1")).toEqual(["a/b", null]);
  });

  it("reports a refused write and works without storage", () => {
    expect(writeDraft(createStorage(true), { sessionId: "s1", target: "x", text: "1" })).toBe(false);
    expect(writeDraft(null, { sessionId: "s1", target: "x", text: "1" })).toBe(false);
    expect(readDraft(null, "s1", "x")).toBeNull();
    expect(listDraftTargets(null, "s1")).toEqual([]);
  });
});
