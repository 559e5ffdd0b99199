/**
 * Lesson `max-tokens-cut`: the model's reply runs out of output tokens in the middle of a tool
 * call's input. The stop reason is `max_tokens`, the incomplete call is not run, and it gets an
 * `interrupted` result so the transcript stays valid; the next message gets a shorter call that
 * runs. Both model turns are scripted (the cut is `ScriptedReply.maxTokensCut`).
 */
import type { Localized, Scenario } from "../types";
import type { ScriptView, ScriptedReply } from "@/lib/providers/offline/script-types";

/** Where the notes go. */
export const MEETING_PATH = "notes/meeting.md";

/** The long notes the first call tries to write (cut off after `MAX_TOKENS_CUT_AFTER` characters of input). */
export const LONG_NOTES =
  "# Meeting, 2 June\n\n## Decisions\n- Ship the weather tool on Friday.\n- Keep the offline model as the default.\n\n## Open questions\n- Who reviews the billing lessons?\n- Do we need a third wire format?\n\n## Next steps\n- Ada writes the tests.\n- Grace checks the translations.\n";

/** The short notes of the second try. */
export const SHORT_NOTES =
  "# Meeting, 2 June\n\n- Ship the weather tool on Friday.\n- Ada writes the tests.\n";

/** How many characters of the input JSON are streamed before the cut. */
export const MAX_TOKENS_CUT_AFTER = 90;

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/u.test(view.userText) ? text.zh : text.en;
}

/** After the interrupted result, a shorter call; otherwise the defaults answer. */
function writeShorter(view: ScriptView): ScriptedReply | null {
  if (!view.results.some((result) => result.isError)) return null;
  return {
    blocks: [
      {
        type: "text",
        text: speak(view, {
          en: "My last reply was cut off, so nothing was written. Here is a shorter version.",
          zh: "我上一次的回答被截断了，所以什么都没写入。这是一个更短的版本。",
        }),
      },
      { type: "tool_use", name: "write_file", input: { path: MEETING_PATH, content: SHORT_NOTES } },
    ],
  };
}

/** Lesson `max-tokens-cut`: a tool input cut at `max_tokens` is not run and gets an `interrupted` result. */
export const maxTokensCutLesson: Scenario = {
  id: "max-tokens-cut",
  title: {
    en: "A tool call cut off at max_tokens",
    zh: "工具调用在 max_tokens 处被截断",
  },
  summary: {
    en: "The model runs out of output tokens in the middle of a tool call's input. The stop reason is max_tokens, the half-written call is not run, and the transcript stays valid.",
    zh: "模型在写工具调用参数的途中用完了输出 token。停止原因是 max_tokens，写了一半的调用不会运行，对话记录仍然合法。",
  },
  concepts: ["max-tokens-cut", "stop-reason"],
  system: "You keep meeting notes in the notes/ folder of this workspace.",
  tools: ["read_file", "write_file"],
  policy: {
    rules: [
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
        en: "Save today's meeting notes to notes/meeting.md.",
        zh: "把今天的会议记录保存到 notes/meeting.md。",
      },
    },
    { text: { en: "Please try again, shorter.", zh: "请再试一次，写短一点。" } },
  ],
  script: [
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "I'll write the notes to notes/meeting.md.",
            zh: "我把会议记录写到 notes/meeting.md。",
          }),
        },
        { type: "tool_use", name: "write_file", input: { path: MEETING_PATH, content: LONG_NOTES } },
      ],
      maxTokensCut: { cutAfterChars: MAX_TOKENS_CUT_AFTER },
    }),
    writeShorter,
  ],
  steps: [
    {
      target: "event:wire.event",
      match: {
        kind: "wire.event",
        fields: { turn: 1, event: "message_delta" },
        includes: { data: '"max_tokens"' },
      },
      text: {
        en: "The stream ends in order, but message_delta gives the stop reason max_tokens: the model reached its output limit while it was still writing the tool call's input.",
        zh: "数据流正常结束了，但 message_delta 给出的停止原因是 max_tokens：模型还在写工具调用的参数时，就到了输出上限。",
      },
    },
    {
      target: "block:tool_use",
      match: { kind: "turn.completed", fields: { turn: 1, stopReason: { unified: "max_tokens" } } },
      text: {
        en: 'The assembled message holds a tool call whose input stops in the middle of the content string. The stop reason is what tells you: tool_use means "run my calls", max_tokens means "I was cut off".',
        zh: "组装好的消息里有一个工具调用，它的参数停在 content 字符串的中间。停止原因说明了一切：tool_use 表示“请运行我的调用”，max_tokens 表示“我被截断了”。",
      },
    },
    {
      target: "event:run.finished",
      match: { kind: "run.finished" },
      text: {
        en: "The harness runs nothing from a cut reply: there is no pipeline stage for the call at all. The call gets a synthetic interrupted result saying it did not run, so every call keeps its result and the transcript stays valid.",
        zh: "执行框架不会运行被截断回答里的任何调用：这个调用连一个流水线阶段都没有进入。它得到一个合成的 interrupted 结果，说明它没有运行，这样每个调用都有结果，对话记录仍然合法。",
      },
    },
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 2 } },
      text: {
        en: "The next request carries the cut call, its interrupted result and the new message. Raising max_tokens or asking for smaller pieces are the usual fixes.",
        zh: "下一个请求里有被截断的调用、它的 interrupted 结果和新消息。常见的办法是调高 max_tokens，或者让模型分成小块来写。",
      },
    },
    {
      target: "node:execute",
      match: { kind: "tool.stage", fields: { stage: "execute", status: "ok" } },
      text: {
        en: "The shorter call arrives complete, with stop reason tool_use, and write_file runs.",
        zh: "更短的调用完整地到达了，停止原因是 tool_use，write_file 运行了。",
      },
    },
  ],
};
