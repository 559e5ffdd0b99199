/**
 * Lesson `stale-write`: the model reads notes/todo.md, then a sync tool replaces the file, then
 * the model writes the list as it remembers it. The `stale-file-check` hook blocks that write:
 * the file changed after the last read, and the change came from a call that never named it.
 * The model reads again and writes a version that keeps both changes. The model's turns are
 * scripted; every decision (the rewrite, the block, the writes) is the real pipeline's.
 *
 * `sync_team_todo` takes no arguments: it is `write_file` underneath, and a preflight rewrite
 * rule fills in the path and the team's text, so the model's call never names the file it changes.
 */
import type { ToolDefinition } from "@/lib/trace/config";
import { listBlocks } from "@/lib/providers/offline/read-request";
import type { Localized, Scenario } from "../types";
import type { ScriptView, ScriptedReply } from "@/lib/providers/offline/script-types";

/** The file both writers touch. */
export const STALE_PATH = "notes/todo.md";

/** The line the person asks for. */
export const STALE_ITEM = "- [ ] Book the venue\n";

/** The team's copy: one item ticked, one added since the model read the file. */
export const TEAM_TODO =
  "# Todo\n\n- [x] Read the tool-use docs\n- [x] Sketch the weather tool schema\n- [ ] Add tests for the pipeline\n- [ ] Ask Lin about the venue budget\n";

const SYNC_TOOL: ToolDefinition = {
  name: "sync_team_todo",
  description:
    "Pull the team's shared copy of the todo list into the workspace, replacing the local one. Takes no arguments.",
  input_schema: { type: "object", properties: {} },
  builtin: "write_file",
  meta: {
    readOnly: false,
    destructive: false,
    idempotent: true,
    concurrencySafe: false,
    needsApproval: false,
  },
};

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/u.test(view.userText) ? text.zh : text.en;
}

/** The content of the latest successful read_file result anywhere in the request ("" if none). */
function readLastRead(view: ScriptView): string {
  const readIds = new Set<string>();
  let content = "";
  for (const message of view.request.messages) {
    for (const block of listBlocks(message)) {
      const fields = block as unknown as Record<string, unknown>;
      if (block.type === "tool_use" && fields.name === "read_file") readIds.add(String(fields.id));
      if (block.type !== "tool_result" || fields.is_error === true) continue;
      if (!readIds.has(String(fields.tool_use_id))) continue;
      const value = fields.content;
      content = typeof value === "string" ? value : JSON.stringify(value);
    }
  }
  return content;
}

/** A reply: one sentence, then one call. */
function say(view: ScriptView, text: Localized, name: string, input: Record<string, unknown>): ScriptedReply {
  return {
    blocks: [
      { type: "text", text: speak(view, text) },
      { type: "tool_use", name, input },
    ],
  };
}

const writeFromMemory = (view: ScriptView) =>
  say(view, { en: "Now I'll add the item.", zh: "现在我把这一项加进去。" }, "write_file", {
    path: STALE_PATH,
    content: readLastRead(view) + STALE_ITEM,
  });

/** Lesson `stale-write`: `stale-file-check` blocks a write made from an outdated read. */
export const staleWriteLesson: Scenario = {
  id: "stale-write",
  title: {
    en: "A write refused because the file changed",
    zh: "文件变了，写入被拒绝",
  },
  summary: {
    en: "The model reads a file, a sync tool changes it, and the model writes what it remembers. The stale-file-check hook blocks the write, because it would erase a change the model has never seen.",
    zh: "模型读了一个文件，一个同步工具改了它，模型又按记忆写回去。stale-file-check 钩子拦下了这次写入，因为它会抹掉模型从没看过的改动。",
  },
  concepts: ["stale-state"],
  system: "You keep the person's todo list in notes/todo.md up to date.",
  tools: ["read_file", "write_file", SYNC_TOOL],
  policy: {
    hooks: ["stale-file-check"],
    rules: [
      {
        id: "sync-target",
        stage: "preflight",
        tool: "sync_team_todo",
        action: "rewrite",
        arguments: { path: STALE_PATH, content: TEAM_TODO },
      },
      {
        id: "notes-writes-allowed",
        stage: "preflight",
        tool: "write_file",
        when: [{ pointer: "/path", regex: "^notes/" }],
        action: "allow",
      },
    ],
  },
  messages: [
    {
      text: {
        en: "Add “Book the venue” to notes/todo.md. Sync with the team's copy too.",
        zh: "在 notes/todo.md 里加上“Book the venue”（预订场地）。也和团队的版本同步一下。",
      },
    },
  ],
  script: [
    (view) =>
      say(view, { en: "I'll read the list first.", zh: "我先读一下清单。" }, "read_file", {
        path: STALE_PATH,
      }),
    (view) =>
      say(view, { en: "Now I'll pull the team's copy.", zh: "现在我拉取团队的版本。" }, "sync_team_todo", {}),
    writeFromMemory,
    (view) =>
      view.results.some((result) => result.isError)
        ? say(
            view,
            {
              en: "The file changed since I read it. I'll read it again.",
              zh: "文件在我读过之后变了。我重新读一遍。",
            },
            "read_file",
            { path: STALE_PATH },
          )
        : null,
    writeFromMemory,
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "Done: I added “Book the venue” to notes/todo.md and kept the team's changes.",
            zh: "好了：我在 notes/todo.md 里加上了“Book the venue”，也保留了团队的改动。",
          }),
        },
      ],
    }),
  ],
  steps: [
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "read_file", isError: false } },
      text: {
        en: "The model reads notes/todo.md. From now on, its picture of the file is this text, and it will not change unless the model reads the file again.",
        zh: "模型读取了 notes/todo.md。从现在起，它心里的这个文件就是这段文字；除非再读一次，否则它不会变。",
      },
    },
    {
      target: "event:workspace.changed",
      match: { kind: "workspace.changed", fields: { change: { type: "write", path: STALE_PATH } } },
      text: {
        en: "sync_team_todo replaces notes/todo.md with the team's copy: one item ticked, one added. The call had no arguments (a rewrite rule in preflight filled in the file), so nothing the model sent names this file.",
        zh: "sync_team_todo 用团队的版本替换了 notes/todo.md：勾掉了一项，又加了一项。这个调用没有参数（文件是预检里的改写规则填的），所以模型发出的内容里没有提到这个文件。",
      },
    },
    {
      target: "node:preflight",
      match: { kind: "tool.stage", fields: { stage: "preflight", status: "blocked" } },
      text: {
        en: "The model writes the list as it remembers it, plus the new item. stale-file-check sees that the file changed after the model's last read, by a call that did not name it, and blocks the write: it would have erased the team's changes.",
        zh: "模型按记忆写回清单，再加上新的一项。stale-file-check 发现：文件在模型上次读取之后被一个没有提到它的调用改过，于是拦下了这次写入，否则团队的改动就被抹掉了。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { errorKind: "blocked_by_policy" } },
      text: {
        en: "The result says which call changed the file, that nothing ran, and what to do: read it again, then write.",
        zh: "结果说明了是哪个调用改了文件、这次什么都没运行，以及该怎么做：先重新读取，再写入。",
      },
    },
    {
      target: "event:workspace.changed",
      match: { kind: "workspace.changed", fields: { change: { type: "write", path: STALE_PATH } } },
      text: {
        en: "After reading again, the model writes a version that keeps the team's changes and adds the new item. This time the check passes.",
        zh: "重新读取之后，模型写入的版本既保留了团队的改动，又加上了新的一项。这次检查通过了。",
      },
    },
  ],
};
