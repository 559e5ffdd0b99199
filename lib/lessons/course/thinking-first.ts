/**
 * Lesson `thinking-first`: the model thinks before it calls a tool, and the thinking block goes
 * back, unchanged and signed, in the next request. Turn 1 is scripted (the offline model does not
 * think on its own); turn 2 is the offline model's default summary of the result.
 */
import type { Scenario } from "../types";

/** What the model thinks before its tool call (the model's own words, so English only). */
export const THINKING_FIRST_THOUGHT =
  "The person asks what to work on next. Their list is in notes/todo.md and I have not seen it yet, so I should read it before I suggest anything. Guessing would be worse than one tool call.";

/** Lesson `thinking-first`: a signed thinking block before a tool call, sent back in the next request. */
export const thinkingFirstLesson: Scenario = {
  id: "thinking-first",
  title: {
    en: "Thinking before a tool call",
    zh: "先思考，再调用工具",
  },
  summary: {
    en: "The model streams a thinking block, then a tool call. The next request sends that thinking block back, signature and all, in the same assistant message.",
    zh: "模型先流式输出一个思考块，然后调用工具。下一个请求把这个思考块连同签名原样送回，放在同一条助手消息里。",
  },
  concepts: ["thinking-blocks"],
  system: "You help a person plan their work. Their notes are in this workspace.",
  tools: ["read_file", "list_dir"],
  policy: {},
  messages: [
    {
      text: {
        en: "What should I work on next? My list is in notes/todo.md.",
        zh: "我接下来该做什么？我的清单在 notes/todo.md。",
      },
    },
  ],
  script: [
    () => ({
      thinking: THINKING_FIRST_THOUGHT,
      blocks: [{ type: "tool_use", name: "read_file", input: { path: "notes/todo.md" } }],
    }),
    null,
  ],
  steps: [
    {
      target: "event:wire.event",
      match: { kind: "wire.event", fields: { turn: 1, event: "content_block_start" } },
      text: {
        en: "The first block of the answer is a thinking block, not text or a tool call. It streams like text, in thinking_delta events, before the model commits to anything.",
        zh: "回答的第一个块是思考块，不是文本，也不是工具调用。它像文本一样通过 thinking_delta 事件流式到达，这时模型还没有做任何决定。",
      },
    },
    {
      target: "event:wire.event",
      match: {
        kind: "wire.event",
        fields: { turn: 1, event: "content_block_delta" },
        includes: { data: '"signature_delta"' },
      },
      text: {
        en: "Just before the thinking block ends, a signature_delta arrives. The signature lets the provider check, later, that the thinking it gets back is exactly what the model wrote.",
        zh: "思考块结束前，会到达一个 signature_delta。有了这个签名，服务商以后可以核对：送回来的思考内容和模型写的完全一样。",
      },
    },
    {
      target: "block:thinking",
      match: { kind: "turn.completed", fields: { turn: 1 } },
      text: {
        en: "The assembled assistant message holds two blocks: the thinking, then the tool_use. Only the tool_use goes through the pipeline; the thinking is for the model itself.",
        zh: "组装好的助手消息里有两个块：先是思考，然后是 tool_use。只有 tool_use 会进入工具流水线；思考是模型写给自己的。",
      },
    },
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 2 } },
      text: {
        en: "The next request sends the thinking block back, unchanged and with its signature, in the same assistant message and before the tool_use. With thinking turned on, Anthropic refuses a request whose last assistant message calls a tool without its thinking block: the model would lose the reasoning behind the call.",
        zh: "下一个请求把思考块原样送回，带着签名，放在同一条助手消息里、tool_use 之前。开启思考时，如果最后一条助手消息里的工具调用前少了思考块，Anthropic 会拒绝这个请求：模型会丢掉发起这次调用的理由。",
      },
    },
  ],
};
