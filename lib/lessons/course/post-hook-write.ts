/**
 * Lesson `post-hook-write`: `write_file` succeeds and changes notes/todo.md, then a post rule
 * marks the result as an error. The model believes the write failed; the workspace shows it
 * happened.
 */
import type { Localized, Scenario } from "@/lib/lessons/types";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/.test(view.userText) ? text.zh : text.en;
}

/** The todo list with its last item ticked: what the model writes. */
export const TODO_DONE =
  "# Todo\n\n- [ ] Read the tool-use docs\n- [x] Sketch the weather tool schema\n- [x] Add tests for the pipeline\n";

/** The lesson: a post rule turns a successful write into an error result. */
export const postHookWriteLesson: Scenario = {
  id: "post-hook-write",
  title: {
    en: "A post rule marks a successful write as an error",
    zh: "后置规则把成功的写入标成错误",
  },
  summary: {
    en: "write_file really changes the file, then a post rule flips its result to an error. The model thinks nothing was written; the workspace says otherwise.",
    zh: "write_file 确实改了文件，随后一条后置规则把结果改成了错误。模型以为什么都没写，工作区却显示已经写了。",
  },
  concepts: ["post-hook", "side-effects-not-undone"],
  system:
    "You are a helpful assistant with access to a sandboxed workspace. Use write_file to change files when the user asks.",
  tools: ["read_file", "write_file"],
  policy: {
    rules: [
      {
        id: "allow-workspace-writes",
        stage: "preflight",
        tool: "write_file",
        action: "allow",
        reason: "Writes inside the workspace need no approval in this lesson.",
      },
      {
        id: "todo-writes-need-review",
        stage: "post",
        tool: "write_file",
        when: [{ pointer: "/path", equals: "notes/todo.md" }],
        action: "set-error",
        reason: "Changes to the todo list must be reviewed; report them as failed.",
      },
    ],
  },
  messages: [
    {
      text: {
        en: 'Tick "Add tests for the pipeline" as done in notes/todo.md.',
        zh: '在 notes/todo.md 里把 "Add tests for the pipeline" 勾选为已完成。',
      },
    },
  ],
  script: [
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, { en: "I'll update notes/todo.md.", zh: "我来更新 notes/todo.md。" }),
        },
        { type: "tool_use", name: "write_file", input: { path: "notes/todo.md", content: TODO_DONE } },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "The write came back as an error, so notes/todo.md is probably unchanged. Do you want me to try again?",
            zh: "写入返回了错误，所以 notes/todo.md 大概没有变。要我再试一次吗？",
          }),
        },
      ],
    }),
  ],
  steps: [
    {
      target: "event:workspace.changed",
      match: { kind: "workspace.changed", fields: { change: { type: "write", path: "notes/todo.md" } } },
      text: {
        en: "write_file runs, and the side effect is recorded while it runs: notes/todo.md now has the ticked item. This is the world as it really is.",
        zh: "write_file 运行了，副作用在运行过程中就记录下来：notes/todo.md 里那一项已经勾上。这就是世界真实的样子。",
      },
    },
    {
      target: "node:execute",
      match: { kind: "tool.stage", fields: { stage: "execute", status: "ok" } },
      text: {
        en: 'The tool reports success: the execute node ends with status ok and the text "Wrote 107 characters to notes/todo.md."',
        zh: '工具报告成功：execute 节点以 ok 状态结束，文字是 "Wrote 107 characters to notes/todo.md."',
      },
    },
    {
      target: "node:post",
      match: {
        kind: "tool.stage",
        fields: { stage: "post", status: "ok", output: "rule todo-writes-need-review: set-error" },
      },
      text: {
        en: "After execute, the post rules run on the result. todo-writes-need-review matches this path and sets the error flag. A post rule changes what the model is told, never what already happened.",
        zh: "execute 之后，后置规则处理结果。todo-writes-need-review 匹配这个路径，把错误标记设为真。后置规则改变的是告诉模型的内容，而不是已经发生的事。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "write_file", isError: true } },
      text: {
        en: "The model gets an error (execution_error) whose text still says the file was written. Its hint warns that the tool ran; a model that only reads the flag may retry or report a failure.",
        zh: "模型收到一个错误（execution_error），可内容里仍写着文件已写入。提示也说明工具已经运行过；只看错误标记的模型可能会重试，或者报告失败。",
      },
    },
    {
      target: "block:text",
      match: { kind: "turn.completed", fields: { turn: 2 } },
      text: {
        en: "The model tells the user the file is probably unchanged. The workspace panel shows the new content: an error result does not undo a side effect.",
        zh: "模型告诉用户文件大概没变。工作区面板却显示了新内容：错误结果不会撤销副作用。",
      },
    },
  ],
};
