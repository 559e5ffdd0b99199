/**
 * Lesson `hallucinated-tool`: the model calls `open_file`, a tool that does not exist. Lookup
 * fails, the result is an `unknown_tool` error that lists the real tools, and the model recovers
 * with `read_file`. The recovery branches on the previous result, not on the turn alone.
 */
import type { Scenario } from "../types";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The name the model invents. */
export const HALLUCINATED_TOOL_NAME = "open_file";
const PATH = "notes/todo.md";

/**
 * The model's second turn: after the error, the right tool; otherwise the defaults answer. The
 * error is read from the result's words too, since a fork on an OpenAI wire has no error flag.
 */
function recover({ results }: ScriptView) {
  const result = results[0];
  if (!result || !(result.isError || result.content.startsWith("Unknown tool"))) return null;
  return {
    blocks: [
      {
        type: "text" as const,
        text: `There is no ${HALLUCINATED_TOOL_NAME} tool. read_file reads files, so I'll use that.`,
      },
      { type: "tool_use" as const, name: "read_file", input: { path: PATH } },
    ],
  };
}

export const hallucinatedToolLesson: Scenario = {
  id: "hallucinated-tool",
  title: { en: "A tool that does not exist", zh: "一个不存在的工具" },
  summary: {
    en: "The model calls open_file, which no tool is called. The lookup stage catches it, the error lists the real tools, and the model tries again with read_file.",
    zh: "模型调用了 open_file，可是根本没有叫这个名字的工具。查找阶段拦下了它，错误信息列出了真正的工具，模型改用 read_file 再试一次。",
  },
  concepts: ["unknown-tool", "error-kinds"],
  system: "You help a person with the files in this workspace.",
  tools: ["read_file", "list_dir"],
  policy: {},
  messages: [
    { text: { en: "Show me my todo list in notes/todo.md.", zh: "给我看看 notes/todo.md 里的待办清单。" } },
  ],
  script: [
    () => ({
      blocks: [
        { type: "text", text: "I'll open your todo list." },
        { type: "tool_use", name: HALLUCINATED_TOOL_NAME, input: { path: PATH } },
      ],
    }),
    recover,
  ],
  steps: [
    {
      target: "block:tool_use",
      match: { kind: "turn.completed", fields: { turn: 1, stopReason: { unified: "tool_use" } } },
      text: {
        en: "The model asks for open_file. The request offered only read_file and list_dir, but models do invent names that sound right. The harness must check every name.",
        zh: "模型要调用 open_file。请求里只提供了 read_file 和 list_dir，但模型确实会编造听起来很像的名字。运行框架必须检查每一个名字。",
      },
    },
    {
      target: "node:lookup",
      match: { kind: "tool.stage", fields: { stage: "lookup", status: "error" } },
      text: {
        en: "The first stage, lookup, searches the session's tools for that name and finds nothing. The call stops here: nothing ran.",
        zh: "第一个阶段“查找”在会话的工具里搜索这个名字，什么也没找到。调用就停在这里：什么都没有运行。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { turn: 1, isError: true, errorKind: "unknown_tool" } },
      text: {
        en: "The result is an error of kind unknown_tool, and its text lists the tools that do exist. Each way a call can fail has its own kind, such as schema_validation_error, blocked_by_policy or timeout, so you can tell them apart.",
        zh: "结果是一个类型为 unknown_tool 的错误，文字里列出了真正存在的工具。调用失败的每种原因都有自己的类型，比如 schema_validation_error、blocked_by_policy 或 timeout，方便区分。",
      },
    },
    {
      target: "block:tool_result",
      match: { kind: "request.assembled", fields: { turn: 2 } },
      text: {
        en: "The error goes back like any result: a tool_result with is_error set, paired with the call by its id. The error kind stays in Toolscope; the model reads only the text.",
        zh: "错误和普通结果一样被送回去：一个设置了 is_error 的 tool_result，通过 id 和调用配对。错误类型只留在 Toolscope 里；模型只读得到文字。",
      },
    },
    {
      target: "node:lookup",
      match: { kind: "tool.stage", fields: { stage: "lookup", status: "ok" } },
      text: {
        en: "The model read the list of real tools and calls read_file. This time lookup finds it, and the call goes on through the pipeline.",
        zh: "模型读了真实工具的列表，改为调用 read_file。这一次查找成功，调用继续走完流水线。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { turn: 2, name: "read_file", isError: false } },
      text: {
        en: "read_file returns the file. The wrong name cost one extra round trip, and nothing ran by mistake.",
        zh: "read_file 返回了文件内容。错误的名字只多花了一个来回，也没有误运行任何东西。",
      },
    },
  ],
};
