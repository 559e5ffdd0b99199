/**
 * Lesson `stream-cut`: the connection drops in the middle of a tool call's arguments (the
 * `cut-stream` fault, which by default strikes the middle piece of the first tool input). The
 * half-streamed call gets a synthetic `interrupted` result, so the transcript stays a valid
 * request, and the next message carries on. Turn 1 is the offline model's default (read the
 * file named in the message); the retry after the interrupted result is scripted.
 */
import type { Localized, Scenario } from "../types";
import type { ScriptView, ScriptedReply } from "@/lib/providers/offline/script-types";

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/u.test(view.userText) ? text.zh : text.en;
}

/** After an interrupted result, the model calls read_file again; otherwise the defaults answer. */
function retryInterrupted(view: ScriptView): ScriptedReply | null {
  if (!view.results.some((result) => result.isError && /interrupted|did not run/iu.test(result.content)))
    return null;
  return {
    blocks: [
      {
        type: "text",
        text: speak(view, {
          en: "My last call was cut off before it was complete, so it never ran. I'll send it again.",
          zh: "我上一次的调用还没发完就断了，所以根本没有运行。我再发一次。",
        }),
      },
      { type: "tool_use", name: "read_file", input: { path: "notes/todo.md" } },
    ],
  };
}

/** Lesson `stream-cut`: a cut inside a tool_use, its `interrupted` result, and the conversation going on. */
export const streamCutLesson: Scenario = {
  id: "stream-cut",
  title: {
    en: "A stream cut inside a tool call",
    zh: "工具调用进行到一半，数据流断了",
  },
  summary: {
    en: "The connection drops while the model is still sending a tool call's arguments. The harness runs nothing, adds an interrupted result for the half-sent call, and the conversation stays valid.",
    zh: "模型还在发送工具调用的参数时，连接断了。执行框架什么都不运行，给这个只发了一半的调用补上一个 interrupted 结果，对话仍然合法。",
  },
  concepts: ["interruption-pairing", "partial-json", "sse-events"],
  system: "You help with the files in this workspace. Read a file before you talk about it.",
  tools: ["read_file", "list_dir"],
  policy: {},
  faults: [{ kind: "cut-stream", turn: 1 }],
  messages: [
    { text: { en: "What is in notes/todo.md?", zh: "notes/todo.md 里写了什么？" } },
    { text: { en: "Please try again.", zh: "请再试一次。" } },
  ],
  script: [retryInterrupted, retryInterrupted, retryInterrupted],
  steps: [
    {
      target: "event:wire.event",
      match: {
        kind: "wire.event",
        fields: { turn: 1, event: "content_block_start" },
        includes: { data: '"tool_use"' },
      },
      text: {
        en: "A tool_use block starts. Its id and name arrive first, in content_block_start, with an empty input. The arguments follow in pieces.",
        zh: "一个 tool_use 块开始了。它的 id 和名字先到，在 content_block_start 里，参数是空的。参数随后一段一段地到达。",
      },
    },
    {
      target: "event:wire.event",
      match: {
        kind: "wire.event",
        fields: { turn: 1, event: "content_block_delta" },
        includes: { data: '"input_json_delta"' },
      },
      text: {
        en: "Each input_json_delta carries a piece of the arguments as text (partial_json). Until the last piece arrives, the text is not valid JSON: the harness must not act on it.",
        zh: "每个 input_json_delta 都带着一段参数文本（partial_json）。在最后一段到达之前，这段文本都不是合法的 JSON：执行框架不能根据它做任何事。",
      },
    },
    {
      target: "event:wire.error",
      match: { kind: "wire.error", fields: { turn: 1, source: "stream" } },
      text: {
        en: "The connection drops in the middle of an event, halfway through the arguments. The call has an id and a name but no complete input, and the turn never ends with a stop reason.",
        zh: "连接在一个事件的中间断了，参数只发了一半。这个调用有 id、有名字，却没有完整的参数，这一轮也没有收到停止原因。",
      },
    },
    {
      target: "event:run.failed",
      match: { kind: "run.failed" },
      text: {
        en: "The run ends and adds a synthetic result with errorKind interrupted for the half-sent call: it did not run. Every tool call must have exactly one result with its id, or the next request is invalid.",
        zh: "这次运行结束了，并给只发了一半的调用补上一个合成结果，错误类型是 interrupted：它没有运行。每个工具调用都必须有且只有一个带相同 id 的结果，否则下一个请求就不合法。",
      },
    },
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 2 } },
      text: {
        en: "Because the cut call has its result, the conversation can go on: the next request carries the call, its interrupted result and the new message, and the provider accepts it.",
        zh: "因为断掉的调用已经有了结果，对话可以继续：下一个请求里有这个调用、它的 interrupted 结果和新消息，服务商会接受它。",
      },
    },
    {
      target: "node:execute",
      match: { kind: "tool.stage", fields: { stage: "execute", status: "ok" } },
      text: {
        en: "The model sends the call again, complete this time, and read_file runs. The interrupted result told it that nothing had run, so sending it again was safe.",
        zh: "模型重新发出这个调用，这次是完整的，read_file 运行了。interrupted 结果告诉它之前什么都没运行，所以重发是安全的。",
      },
    },
  ],
};
