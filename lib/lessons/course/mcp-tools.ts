/**
 * Lesson `mcp-tools`: an MCP server's tools through the harness. The session's only tools come
 * from the notes MCP server in this repository (scripts/mcp-notes-server.mjs, started over stdio).
 * Their annotations become metadata: two read-only reads run in parallel, the destructive
 * `delete_note` waits for approval, and `search_notes`'s schema is one OpenAI strict mode refuses.
 */
import type { Localized, McpListedTool, Scenario } from "@/lib/lessons/types";
import notesTools from "./mcp-notes-tools.json";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/.test(view.userText) ? text.zh : text.en;
}

/** The lesson: an MCP server's annotated tools, in parallel and behind approval. */
export const mcpToolsLesson: Scenario = {
  id: "mcp-tools",
  title: {
    en: "An MCP server's tools through the harness",
    zh: "MCP 服务器的工具经过框架",
  },
  summary: {
    en: "A small MCP server lists five note tools. Their annotations become Toolscope's metadata: two reads run in parallel, a destructive delete waits for a person, and lint says which schema OpenAI strict mode would refuse.",
    zh: "一个小型 MCP 服务器列出五个笔记工具。它们的注解变成 Toolscope 的元数据：两个读取并行运行，有破坏性的删除要等人批准，lint 指出哪个 schema 会被 OpenAI 严格模式拒绝。",
  },
  concepts: ["parallel-calls", "approval", "provider-formats"],
  system:
    "You are a notes assistant. Your tools come from the notes MCP server: read and list notes, and delete one only when asked.",
  tools: [],
  mcp: {
    servers: { notes: { type: "stdio", command: "node", args: ["scripts/mcp-notes-server.mjs"] } },
    tools: { notes: notesTools as McpListedTool[] },
  },
  policy: {},
  messages: [
    {
      text: {
        en: "List my notes and read the todo note at the same time. Then delete the ideas note.",
        zh: "同时列出我的笔记并读取 todo 笔记。然后删除 ideas 笔记。",
      },
    },
  ],
  answers: { decisions: ["approve"] },
  script: [
    (view) => ({
      blocks: [
        { type: "text", text: speak(view, { en: "Both reads at once.", zh: "两个读取一起做。" }) },
        { type: "tool_use", name: "mcp__notes__list_notes", input: {} },
        { type: "tool_use", name: "mcp__notes__read_note", input: { name: "todo" } },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "You have three notes: todo, ideas and shopping. Now I'll delete ideas.",
            zh: "你有三条笔记：todo、ideas 和 shopping。现在删除 ideas。",
          }),
        },
        { type: "tool_use", name: "mcp__notes__delete_note", input: { name: "ideas" } },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "Done: the ideas note is deleted. Your todo note says to read the MCP spec's tool annotations and add tests for the pipeline.",
            zh: "完成：ideas 笔记已删除。你的 todo 笔记写着：阅读 MCP 规范里的工具注解，为流水线加测试。",
          }),
        },
      ],
    }),
  ],
  steps: [
    {
      target: "event:session.created",
      match: { kind: "session.created" },
      text: {
        en: "The session's tools come from the notes MCP server, each as mcp__notes__<tool>, with the server's inputSchema. Their annotations became metadata: readOnlyHint makes list_notes, read_note and search_notes readOnly and concurrencySafe; destructiveHint makes delete_note destructive. append_note has no annotations, so the MCP defaults apply: destructive and open-world.",
        zh: "会话的工具来自 notes MCP 服务器，名字是 mcp__notes__<tool>，带着服务器给的 inputSchema。它们的注解变成了元数据：readOnlyHint 让 list_notes、read_note 和 search_notes 成为 readOnly 和 concurrencySafe；destructiveHint 让 delete_note 成为 destructive。append_note 没有注解，所以采用 MCP 默认值：有破坏性、开放世界。",
      },
    },
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 1 } },
      text: {
        en: 'The request carries each tool\'s inputSchema as the server gave it. search_notes has an optional limit and no "additionalProperties": false: Anthropic and OpenAI take it, but OpenAI strict mode refuses it, because strict mode needs every property in "required" and additionalProperties false on every object. The MCP page\'s lint says so before any request is sent.',
        zh: '请求原样带上服务器给每个工具的 inputSchema。search_notes 有一个可选的 limit，也没有 "additionalProperties": false：Anthropic 和 OpenAI 都接受，但 OpenAI 严格模式会拒绝，因为严格模式要求每个属性都在 "required" 里，并且每个对象都设 additionalProperties 为 false。在发出任何请求之前，MCP 页面的 lint 就会指出这一点。',
      },
    },
    {
      target: "event:batch.planned",
      match: { kind: "batch.planned", fields: { turn: 1 } },
      text: {
        en: "list_notes and read_note are annotated read-only, so the planner puts both calls in one group that runs in parallel.",
        zh: "list_notes 和 read_note 都被注解为只读，所以计划器把两个调用放进同一组并行运行。",
      },
    },
    {
      target: "event:mcp.connected",
      match: { kind: "mcp.connected", fields: { server: "notes" } },
      text: {
        en: "The first call starts the server: Toolscope runs node scripts/mcp-notes-server.mjs over stdio, in its own process group with only PATH in its environment, and lists its tools again.",
        zh: "第一个调用启动了服务器：Toolscope 通过 stdio 运行 node scripts/mcp-notes-server.mjs，放在它自己的进程组里，环境里只有 PATH，并再次列出它的工具。",
      },
    },
    {
      target: "event:mcp.message",
      match: {
        kind: "mcp.message",
        fields: { server: "notes", direction: "out", message: { method: "tools/call" } },
      },
      text: {
        en: "Each call's execute stage is a JSON-RPC tools/call to the server. Every message out and in is recorded as mcp.message: see them in the detail pane's MCP tab, or from a call's graph node.",
        zh: "每个调用的 execute 阶段是发给服务器的一次 JSON-RPC tools/call。每条发出和收到的消息都记录为 mcp.message：在详情面板的 MCP 标签里，或从调用的图节点都能看到。",
      },
    },
    {
      target: "node:approval",
      match: { kind: "tool.stage", fields: { stage: "approval", status: "waiting" } },
      text: {
        en: "delete_note is annotated destructive, so under the default policy it waits for a person at the approval stage. Nothing has been sent to the server for it yet.",
        zh: "delete_note 被注解为有破坏性，所以在默认策略下它在批准阶段等人决定。此时还没有为它向服务器发送任何东西。",
      },
    },
    {
      target: "event:tool.decision",
      match: { kind: "tool.decision", anyOf: { decision: ["approve", "edit"] } },
      text: {
        en: "Once approved, the call goes on to execute: only now does tools/call reach the server, which deletes the note.",
        zh: "批准之后，调用继续执行：直到这时 tools/call 才到达服务器，服务器删除了这条笔记。",
      },
    },
  ],
};
