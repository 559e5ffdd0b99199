/**
 * Lesson `overloaded-mid-stream`: "overloaded" twice, at two different moments. Turn 1's first
 * attempt gets HTTP 529 before any byte of the answer, and the SDK retries it. Turn 2 (the
 * summary) gets a 200 and starts streaming, then an `overloaded_error` event arrives in the
 * stream: too late to retry, so the run fails. The next message starts a new run that works.
 * Nothing is scripted: the offline model answers by its defaults.
 */
import type { Scenario } from "../types";

/** Lesson `overloaded-mid-stream`: a 529 the SDK retries, then an `overloaded_error` event it cannot. */
export const overloadedMidStreamLesson: Scenario = {
  id: "overloaded-mid-stream",
  title: {
    en: "Overloaded: before the stream, and in the middle of it",
    zh: "服务过载：在数据流开始之前，和在数据流中间",
  },
  summary: {
    en: "An overload before the stream is an HTTP 529 that the SDK retries. The same overload after the stream has started is an error event in the stream: nothing can be retried, and the run fails.",
    zh: "数据流开始之前的过载是一个 HTTP 529，SDK 会自动重试。同样的过载如果发生在数据流开始之后，就是流里的一个 error 事件：没法重试，这次运行失败。",
  },
  concepts: ["mid-stream-error"],
  system: "You help with the notes in this workspace. Read a file before you talk about it.",
  tools: ["read_file", "list_dir"],
  policy: {},
  faults: [
    { kind: "http-status", status: 529, retryAfter: 1, turn: 1 },
    { kind: "overloaded", turn: 2 },
  ],
  messages: [
    { text: { en: "What is in notes/ideas.md?", zh: "notes/ideas.md 里写了什么？" } },
    { text: { en: "Please answer again.", zh: "请再回答一次。" } },
  ],
  script: [],
  steps: [
    {
      target: "event:wire.error",
      match: { kind: "wire.error", fields: { turn: 1, attempt: 1, source: "http", status: 529 } },
      text: {
        en: "The first request gets HTTP 529, overloaded, before any byte of the answer. Nothing has been said yet, so the SDK can simply send the same request again after the retry-after wait.",
        zh: "第一个请求还没收到任何回答内容，就得到了 HTTP 529（过载）。这时模型什么都还没说，所以 SDK 可以在 retry-after 等待之后，原样再发一次请求。",
      },
    },
    {
      target: "event:wire.response",
      match: { kind: "wire.response", fields: { turn: 1, attempt: 2, status: 200 } },
      text: {
        en: "Attempt 2 of the same turn gets 200 and streams the answer. A retry is a new attempt, not a new turn: the request body is exactly the same.",
        zh: "同一轮的第 2 次尝试得到 200，开始流式返回回答。重试是一次新的尝试，不是新的一轮：请求体完全一样。",
      },
    },
    {
      target: "event:wire.event",
      match: { kind: "wire.event", fields: { turn: 2, event: "error" } },
      text: {
        en: "In turn 2 the status was already 200 and text was streaming when an error event arrives: overloaded_error, inside the stream. The HTTP status can no longer change, so the SDK does not retry.",
        zh: "第 2 轮的状态码已经是 200，文字正在流式到达，这时来了一个 error 事件：overloaded_error，就在数据流里面。HTTP 状态码已经没法再变，所以 SDK 不会重试。",
      },
    },
    {
      target: "event:wire.error",
      match: { kind: "wire.error", fields: { turn: 2, source: "stream" } },
      text: {
        en: "The harness records it as a stream error. The half-written answer is thrown away: there is no turn.completed for turn 2, so nothing partial enters the conversation.",
        zh: "执行框架把它记录为数据流错误。写了一半的回答被丢掉了：第 2 轮没有 turn.completed，所以不完整的内容不会进入对话。",
      },
    },
    {
      target: "event:run.failed",
      match: { kind: "run.failed" },
      text: {
        en: "The run fails. The tool result from turn 1 stays in the transcript, so the conversation is still valid and can go on. Retrying is now up to the app or the person.",
        zh: "这次运行失败了。第 1 轮的工具结果还留在对话记录里，所以对话仍然合法，可以继续。要不要重试，现在由应用或人来决定。",
      },
    },
    {
      target: "event:turn.completed",
      match: { kind: "turn.completed", fields: { turn: 3 } },
      text: {
        en: "The next message starts a new run with the same conversation, and this time the answer streams to the end.",
        zh: "下一条消息用同一段对话开始了新的运行，这一次回答完整地流式返回了。",
      },
    },
  ],
};
