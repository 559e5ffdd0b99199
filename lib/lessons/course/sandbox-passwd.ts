/**
 * Lesson `sandbox-passwd`: `read_file` with `/etc/passwd` passes the schema (a path is a string)
 * and is stopped by the sandbox rule in preflight, before any tool code runs; the model tries
 * `../../etc/passwd`, is stopped again, and explains.
 */
import type { Localized, Scenario } from "@/lib/lessons/types";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/.test(view.userText) ? text.zh : text.en;
}

/** The lesson: a schema-valid read of /etc/passwd stopped by the sandbox rule. */
export const sandboxPasswdLesson: Scenario = {
  id: "sandbox-passwd",
  title: {
    en: "A valid call the sandbox refuses: /etc/passwd",
    zh: "沙箱拒绝的合法调用：/etc/passwd",
  },
  summary: {
    en: "The model asks read_file for /etc/passwd. The arguments match the schema, yet the sandbox rule blocks the call in preflight, before anything runs.",
    zh: "模型让 read_file 读取 /etc/passwd。参数完全符合 schema，但沙箱规则在预检阶段拦下了调用，什么都没有运行。",
  },
  concepts: ["sandbox-boundary", "preflight-block"],
  system:
    "You are a helpful assistant with access to a sandboxed workspace. Use the tools to read files when the user asks.",
  tools: ["read_file", "list_dir"],
  policy: {},
  messages: [
    {
      text: {
        en: "Which user accounts exist on this machine? Read /etc/passwd.",
        zh: "这台机器上有哪些用户账号？读一下 /etc/passwd。",
      },
    },
  ],
  script: [
    (view) => ({
      blocks: [
        { type: "text", text: speak(view, { en: "I'll read /etc/passwd.", zh: "我来读取 /etc/passwd。" }) },
        { type: "tool_use", name: "read_file", input: { path: "/etc/passwd" } },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "Absolute paths are refused. Let me try a relative path instead.",
            zh: "绝对路径被拒绝了。我换成相对路径试试。",
          }),
        },
        { type: "tool_use", name: "read_file", input: { path: "../../etc/passwd" } },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "I can't read /etc/passwd: my file tools only reach this session's workspace, and both an absolute path and a path with .. were refused before anything ran. I can list or read files inside the workspace instead.",
            zh: "我读不到 /etc/passwd：我的文件工具只能访问本会话的工作区，绝对路径和带 .. 的路径都在运行之前被拒绝了。我可以列出或读取工作区里的文件。",
          }),
        },
      ],
    }),
  ],
  steps: [
    {
      target: "node:validate",
      match: { kind: "tool.stage", fields: { stage: "validate", status: "ok" } },
      text: {
        en: 'The schema only says that `path` is a string, and "/etc/passwd" is a string, so validation passes. A schema describes the shape of the arguments, not where a path may point.',
        zh: 'schema 只规定 `path` 是字符串，而 "/etc/passwd" 正是字符串，所以校验通过。schema 只管参数的形状，管不了路径指向哪里。',
      },
    },
    {
      target: "node:preflight",
      match: { kind: "tool.stage", fields: { stage: "preflight", status: "blocked" } },
      text: {
        en: "Preflight runs the sandbox rule (workspace-confinement) before any tool code. An absolute path starts outside the workspace, so the call is blocked here, whatever the tool would have done.",
        zh: "预检阶段在任何工具代码之前运行沙箱规则（workspace-confinement）。绝对路径从工作区之外开始，所以调用在这里就被拦下，不管工具本来会做什么。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "read_file", errorKind: "blocked_by_policy" } },
      text: {
        en: "The model gets an error result of kind blocked_by_policy that says what was wrong and that nothing ran. No execute stage ran for this call: the file was never opened.",
        zh: "模型收到一个 blocked_by_policy 类型的错误结果，说明哪里不对、什么都没运行。这个调用没有运行 execute 阶段：文件根本没被打开。",
      },
    },
    {
      target: "node:preflight",
      match: { kind: "tool.stage", fields: { stage: "preflight", status: "blocked" } },
      text: {
        en: "The model tries to climb out with ../../etc/passwd. The same rule refuses any `..` segment, so this call is blocked too. Models do probe like this; the boundary must not depend on the model behaving.",
        zh: "模型换成 ../../etc/passwd 想爬出去。同一条规则拒绝任何 `..` 路径段，所以这次也被拦下。模型确实会这样试探；边界不能指望模型守规矩。",
      },
    },
    {
      target: "event:turn.completed",
      match: { kind: "turn.completed", fields: { turn: 3, stopReason: { unified: "end_turn" } } },
      text: {
        en: "With two clear refusals in its context, the model stops trying and explains the limit to the user.",
        zh: "上下文里有了两次明确的拒绝，模型不再尝试，而是向用户说明这个限制。",
      },
    },
  ],
};
