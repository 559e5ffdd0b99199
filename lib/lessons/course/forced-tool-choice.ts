/**
 * Lesson `forced-tool-choice`: the same message (a joke about Paris) under `tool_choice` auto,
 * then with `tool_choice` naming get_weather (a `reconfigure` of the provider). The offline
 * model's own planner decides both turns and obeys `tool_choice`; they are scripted only so that
 * the Chinese message is read as its English original (the offline model matches English words).
 * The turn after the result is the default summary.
 */
import { planToolCall } from "@/lib/providers/offline/plan";
import { createPlannerContext } from "@/lib/providers/offline/respond";
import type { OfflineBlockParam } from "@/lib/providers/offline/types";
import type { Localized, Scenario } from "../types";
import type { ScriptView, ScriptedReply } from "@/lib/providers/offline/script-types";

/** The message, which names no tool and asks for nothing a tool does. */
export const FORCED_TOOL_CHOICE_MESSAGE: Localized = {
  en: "Tell me a joke about Paris.",
  zh: "给我讲一个关于巴黎（Paris）的笑话。",
};

/**
 * The offline model's own answer to the request, as if its last user text were `text`: its
 * planner scores the tools (and obeys `tool_choice`) on the English words.
 */
function planInEnglish(view: ScriptView, text: string): ScriptedReply | null {
  const messages = [...view.request.messages];
  const last = messages.at(-1);
  if (!last || last.role !== "user") return null;
  const kept = typeof last.content === "string" ? [] : last.content.filter((b) => b.type !== "text");
  const content: OfflineBlockParam[] = [...kept, { type: "text", text } as OfflineBlockParam];
  messages[messages.length - 1] = { role: "user", content };
  return planToolCall({ ...view.request, messages }, createPlannerContext());
}

/** Lesson `forced-tool-choice`: the same message under `tool_choice` auto, then forced to get_weather. */
export const forcedToolChoiceLesson: Scenario = {
  id: "forced-tool-choice",
  title: {
    en: "tool_choice forces a tool",
    zh: "用 tool_choice 强制调用工具",
  },
  summary: {
    en: "The same message twice: with tool_choice auto the model just answers; with tool_choice naming get_weather it must call get_weather, even though the message asks for a joke.",
    zh: "同一条消息发两次：tool_choice 为 auto 时，模型直接回答；tool_choice 指定 get_weather 时，模型必须调用 get_weather，哪怕消息只是想听一个笑话。",
  },
  concepts: ["tool-choice"],
  system: "You are a friendly assistant. Use a tool only when it helps.",
  tools: ["get_weather", "calculator", "read_file"],
  policy: {},
  provider: { toolChoice: "auto" },
  messages: [
    { text: FORCED_TOOL_CHOICE_MESSAGE },
    { text: FORCED_TOOL_CHOICE_MESSAGE, reconfigure: { provider: { toolChoice: { name: "get_weather" } } } },
  ],
  script: [
    (view) => planInEnglish(view, FORCED_TOOL_CHOICE_MESSAGE.en),
    (view) => planInEnglish(view, FORCED_TOOL_CHOICE_MESSAGE.en),
    null,
  ],
  steps: [
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 1 } },
      text: {
        en: 'The first request sends tool_choice {"type": "auto"}: the model decides whether to call a tool. This message asks for a joke, and no tool fits.',
        zh: '第一个请求发送的是 tool_choice {"type": "auto"}：由模型自己决定要不要调用工具。这条消息想听笑话，没有合适的工具。',
      },
    },
    {
      target: "event:turn.completed",
      match: { kind: "turn.completed", fields: { turn: 1, stopReason: { unified: "end_turn" } } },
      text: {
        en: "So the model answers in text and stops with end_turn. No tool runs.",
        zh: "所以模型用文字回答，停止原因是 end_turn。没有工具运行。",
      },
    },
    {
      target: "event:session.configured",
      match: { kind: "session.configured" },
      text: {
        en: "Now the provider setting changes: tool_choice names get_weather. The message stays the same.",
        zh: "现在改了服务商设置：tool_choice 指定 get_weather。消息保持不变。",
      },
    },
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 2 } },
      text: {
        en: 'This request sends tool_choice {"type": "tool", "name": "get_weather"}. It tells the model that its answer must be a call to get_weather, whatever the message says.',
        zh: '这个请求发送的是 tool_choice {"type": "tool", "name": "get_weather"}。它告诉模型：回答必须是一次 get_weather 调用，不管消息说了什么。',
      },
    },
    {
      target: "block:tool_use",
      match: { kind: "turn.completed", fields: { turn: 2, stopReason: { unified: "tool_use" } } },
      text: {
        en: "The same joke request now gets a get_weather call, with the one argument the model can fill in: the city, Paris. Forcing a tool fits when you already know the next step, such as pulling data into a fixed schema.",
        zh: "同样想听笑话的请求，这次得到的是一次 get_weather 调用，模型填上了它唯一能填的参数：城市 Paris。当你已经确定下一步时（比如把数据整理成固定的结构），才适合强制调用工具。",
      },
    },
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 3 } },
      text: {
        en: "The setting belongs to the session, so the request with the result forces get_weather again. A real model would have to call it again, and again; the offline model summarizes instead. A harness usually forces a tool for one request, then sets tool_choice back to auto.",
        zh: "这个设置属于整个会话，所以带着结果的下一个请求仍然强制 get_weather。真正的模型只能一次又一次地调用它；离线模型在这里改为总结结果。执行框架通常只在一个请求里强制调用工具，之后把 tool_choice 改回 auto。",
      },
    },
  ],
};
