/**
 * Lesson `preflight-rewrite`: a preflight rule rewrites a `write_file` aimed at README.md to
 * drafts/README.md (a JSON merge patch), the rewritten arguments are validated again, and the
 * write lands where the rule sent it — which the model learns only from the result.
 */
import type { Localized, Scenario } from "@/lib/lessons/types";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/.test(view.userText) ? text.zh : text.en;
}

/** What the model writes: the same content in both languages, so the lesson's events match. */
export const README_DRAFT =
  "# Sandbox\n\nThis workspace belongs to one Toolscope session.\n\n## Files\n\n- notes/todo.md: the todo list\n- notes/ideas.md: ideas\n";

/** The lesson: a write redirected by a preflight rewrite and validated again. */
export const preflightRewriteLesson: Scenario = {
  id: "preflight-rewrite",
  title: {
    en: "A path rewritten by a preflight rule",
    zh: "被预检规则改写的路径",
  },
  summary: {
    en: "A policy rule redirects writes to README.md into drafts/README.md. The harness changes the arguments, validates them again, and the file lands where the rule says.",
    zh: "一条策略规则把对 README.md 的写入改到 drafts/README.md。框架修改参数、再校验一次，文件写到了规则指定的位置。",
  },
  concepts: ["preflight-rewrite"],
  system:
    "You are a helpful assistant with access to a sandboxed workspace. Use write_file to change files when the user asks.",
  tools: ["read_file", "write_file", "list_dir"],
  policy: {
    rules: [
      {
        id: "readme-to-drafts",
        stage: "preflight",
        tool: "write_file",
        when: [{ pointer: "/path", equals: "README.md" }],
        action: "rewrite",
        arguments: { path: "drafts/README.md" },
        reason: "README.md is reviewed by a person: changes go to drafts/ first.",
      },
      {
        id: "allow-workspace-writes",
        stage: "preflight",
        tool: "write_file",
        action: "allow",
        reason: "Writes inside the workspace need no approval in this lesson.",
      },
    ],
  },
  messages: [
    {
      text: {
        en: "Add a Files section to README.md that lists notes/todo.md and notes/ideas.md.",
        zh: "在 README.md 里加一个 Files 小节，列出 notes/todo.md 和 notes/ideas.md。",
      },
    },
  ],
  script: [
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, { en: "I'll update README.md.", zh: "我来更新 README.md。" }),
        },
        { type: "tool_use", name: "write_file", input: { path: "README.md", content: README_DRAFT } },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "Done, but note where it went: the harness saved the new README as drafts/README.md, not README.md. README.md itself is unchanged until someone reviews the draft.",
            zh: "写好了，但请注意位置：框架把新的 README 存成了 drafts/README.md，而不是 README.md。在有人审阅草稿之前，README.md 本身没有变。",
          }),
        },
      ],
    }),
  ],
  steps: [
    {
      target: "node:validate",
      match: { kind: "tool.stage", fields: { stage: "validate", status: "ok", output: "valid" } },
      text: {
        en: "The model asked to write README.md. The arguments match write_file's schema, so the call moves on to preflight.",
        zh: "模型要求写入 README.md。参数符合 write_file 的 schema，于是调用进入预检。",
      },
    },
    {
      target: "node:preflight",
      match: { kind: "tool.stage", fields: { stage: "preflight", status: "ok" } },
      text: {
        en: 'The rule readme-to-drafts matches path "README.md" and applies its JSON merge patch {"path": "drafts/README.md"}. The call is not blocked: it is changed. The trail shows the sandbox rule checking the new path again, then allow-workspace-writes letting it run without approval.',
        zh: '规则 readme-to-drafts 匹配到 path "README.md"，应用它的 JSON merge patch {"path": "drafts/README.md"}。调用没有被拦下，而是被修改了。记录里能看到沙箱规则重新检查了新路径，随后 allow-workspace-writes 放行，不需要批准。',
      },
    },
    {
      target: "node:validate",
      match: {
        kind: "tool.stage",
        fields: { stage: "validate", status: "ok", output: "valid after rewrite by readme-to-drafts" },
      },
      text: {
        en: "Rewritten arguments are validated against the schema again. A rule is data written by people; it can produce arguments the tool would reject, and this second check catches that before anything runs.",
        zh: "改写后的参数要再按 schema 校验一次。规则是人写的数据，也可能产出工具不接受的参数；第二次校验在运行之前就能发现。",
      },
    },
    {
      target: "event:workspace.changed",
      match: { kind: "workspace.changed", fields: { change: { type: "write", path: "drafts/README.md" } } },
      text: {
        en: "The write lands in drafts/README.md. README.md is untouched, although the model's call named it.",
        zh: "文件写进了 drafts/README.md。虽然模型的调用写的是 README.md，但 README.md 没有被动过。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "write_file", isError: false } },
      text: {
        en: "The result names the real path, so the model can tell the user where the file went. A rewrite the model never hears about would leave it believing something false.",
        zh: "结果里写的是真实路径，模型因此能告诉用户文件去了哪里。如果改写不让模型知道，它就会相信一件不真实的事。",
      },
    },
  ],
};
