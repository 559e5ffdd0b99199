/**
 * Lesson `cache-prefix`: two requests that share a stable prefix (tools, then the system prompt),
 * then a change to the system prompt that breaks it. The offline model answers by its defaults;
 * nothing is scripted, because the lesson is about what the harness sends, not what the model says.
 */
import type { Scenario } from "../types";

/** The system prompt of the first question. */
export const CACHE_PREFIX_SYSTEM =
  "You help with the notes in this workspace. Read a file before you answer a question about it; never guess its content.";

/** The same prompt with the date and time put at its top, as many apps do. */
export const CACHE_PREFIX_DATED_SYSTEM = `Current time: Monday 2 June 2025, 09:41.\n${CACHE_PREFIX_SYSTEM}`;

/** Lesson `cache-prefix`: a stable tools → system prefix, and a dated system prompt that breaks it. */
export const cachePrefixLesson: Scenario = {
  id: "cache-prefix",
  title: {
    en: "A stable prefix, and what breaks it",
    zh: "稳定的前缀，以及什么会破坏它",
  },
  summary: {
    en: "Two requests share their tools and system prompt, so a provider can cache that part. Then a timestamp is added to the system prompt, and everything after the tools must be read again.",
    zh: "两个请求的工具和系统提示完全相同，服务商可以缓存这一部分。然后系统提示里加了一个时间，工具之后的所有内容都要重新读一遍。",
  },
  concepts: ["prompt-caching-prefix", "context-order"],
  system: CACHE_PREFIX_SYSTEM,
  tools: ["read_file", "list_dir"],
  policy: {},
  messages: [
    { text: { en: "What is in notes/todo.md?", zh: "notes/todo.md 里写了什么？" } },
    {
      text: { en: "And what is in notes/ideas.md?", zh: "那 notes/ideas.md 里写了什么？" },
      reconfigure: { system: CACHE_PREFIX_DATED_SYSTEM },
    },
  ],
  script: [],
  steps: [
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 1 } },
      text: {
        en: "The first request. Look at the order of its body: tools first, then the system prompt, then the messages. A provider can reuse a cached request only up to its first difference, so what changes least must come first.",
        zh: "第一个请求。看请求体的顺序：先是工具，然后是系统提示，最后是消息。服务商只能复用缓存请求里第一处不同之前的部分，所以最少变化的内容必须放在最前面。",
      },
    },
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 2 } },
      text: {
        en: "The second request repeats the tools and the system prompt exactly and only adds messages at the end. The request view marks tools and system as the stable prefix: with prompt caching (Anthropic's cache_control, OpenAI's automatic caching), the provider reuses that part instead of reading it again.",
        zh: "第二个请求原样重复了工具和系统提示，只在末尾加了新消息。请求视图把工具和系统提示标为稳定前缀：开启提示缓存时（Anthropic 的 cache_control，OpenAI 的自动缓存），服务商可以直接复用这一部分，不用再读一遍。",
      },
    },
    {
      target: "event:session.configured",
      match: { kind: "session.configured" },
      text: {
        en: "Before the second question, the system prompt changed: the current date and time were put at its top. Many apps do this, and it looks harmless.",
        zh: "在第二个问题之前，系统提示被改了：最前面加上了当前的日期和时间。很多应用都这样做，看起来没什么问题。",
      },
    },
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 3 } },
      text: {
        en: "The tools are unchanged but the system prompt is not, so the stable prefix now ends after the tools. Everything from the system prompt on, the whole conversation included, is new to the cache. A time that changes every minute at the top breaks the cache on every request.",
        zh: "工具没变，但系统提示变了，所以稳定前缀现在到工具就结束了。从系统提示开始的所有内容，包括整段对话，对缓存来说都是新的。放在最前面、每分钟都变的时间，会让每个请求的缓存都失效。",
      },
    },
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 4 } },
      text: {
        en: "The next request is stable again: the tools and the new system prompt repeat. Put details that change, such as the time, late in the request (in the newest message), so the long part before them can stay cached.",
        zh: "下一个请求又稳定了：工具和新的系统提示都原样重复。像时间这样会变的内容，应该放在请求靠后的位置（比如最新的一条消息里），这样它前面的长内容才能一直被缓存。",
      },
    },
  ],
};
