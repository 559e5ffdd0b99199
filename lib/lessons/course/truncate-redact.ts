/**
 * Lesson `truncate-redact`: the post stage governs what a result costs and what it may carry. A
 * 20,000-character page is cut to the policy's `maxResultChars` with a marker saying how much
 * was cut; a debug page that leaks keys reaches the model with every key replaced by [REDACTED].
 */
import type { Localized, Scenario } from "@/lib/lessons/types";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/.test(view.userText) ? text.zh : text.en;
}

/** The result budget of this lesson, in characters. */
export const RESULT_BUDGET = 2000;

/** The lesson: result truncation to `maxResultChars` and secret redaction in the post stage. */
export const truncateRedactLesson: Scenario = {
  id: "truncate-redact",
  title: {
    en: "A long page truncated, a leaked key redacted",
    zh: "长网页被截断，泄露的密钥被遮盖",
  },
  summary: {
    en: "The post stage cuts a 20,000-character page to the result budget and says so, and replaces the API keys a debug page leaks with [REDACTED] before the model sees them.",
    zh: "后置阶段把两万字符的网页截到结果预算以内并注明截断，还在模型看到之前把调试页面泄露的 API 密钥换成 [REDACTED]。",
  },
  concepts: ["post-hook"],
  system: "You are a research assistant. Use http_get to fetch pages and answer from what they say.",
  tools: ["http_get"],
  policy: { maxResultChars: RESULT_BUDGET },
  messages: [
    {
      text: {
        en: "Read the tool-use guide at https://example.com/docs, then check https://example.com/debug/env for the staging settings.",
        zh: "先读 https://example.com/docs 上的工具使用指南，再看看 https://example.com/debug/env 里的预发布环境设置。",
      },
    },
  ],
  script: [
    (view) => ({
      blocks: [
        { type: "text", text: speak(view, { en: "Fetching the guide first.", zh: "先获取指南。" }) },
        { type: "tool_use", name: "http_get", input: { url: "https://example.com/docs" } },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "I got the start of the guide. Now the debug page.",
            zh: "拿到了指南的开头部分。现在看调试页面。",
          }),
        },
        { type: "tool_use", name: "http_get", input: { url: "https://example.com/debug/env" } },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "The guide was cut at 2,000 characters, so I only read its first sections. The debug page shows staging with LOG_LEVEL=debug, and it leaks an Anthropic key, an OpenAI key, an AWS key, a bearer token and a private key; I only saw them as [REDACTED]. That endpoint should be turned off and the keys rotated.",
            zh: "指南在 2,000 个字符处被截断，我只读到了前几节。调试页面显示这是 staging 环境、LOG_LEVEL=debug，而且泄露了 Anthropic 密钥、OpenAI 密钥、AWS 密钥、一个 bearer 令牌和一把私钥；我看到的都只是 [REDACTED]。应该关掉这个接口，并更换这些密钥。",
          }),
        },
      ],
    }),
  ],
  steps: [
    {
      target: "node:execute",
      match: { kind: "tool.stage", fields: { stage: "execute", status: "ok" } },
      text: {
        en: "http_get returns the whole guide: about 20,000 characters. Sent as is, it would cost that much context on every later turn.",
        zh: "http_get 返回了整份指南，大约两万个字符。原样发给模型的话，之后每个回合都要占用这么多上下文。",
      },
    },
    {
      target: "node:post",
      match: {
        kind: "tool.stage",
        fields: {
          stage: "post",
          status: "ok",
          output: "truncated 20,044 → 2,000 characters (maxResultChars)",
        },
      },
      text: {
        en: "The post stage applies the policy's maxResultChars: 2,000. Its summary says how long the result was and what it was cut to.",
        zh: "后置阶段应用策略里的 maxResultChars：2,000。它的摘要写明了结果原来多长、被截到多长。",
      },
    },
    {
      target: "event:tool.result",
      match: {
        kind: "tool.result",
        fields: { name: "http_get", turn: 1 },
        includes: { content: "more characters cut by the harness (maxResultChars 2,000)]" },
      },
      text: {
        en: "The model's copy ends with a marker: how many characters were cut, and by which budget. Without it the model could take half a page for the whole page.",
        zh: "模型拿到的内容末尾有一个标记：截掉了多少字符、按哪个预算截的。没有这个标记，模型可能把半页当成整页。",
      },
    },
    {
      target: "node:post",
      match: { kind: "tool.stage", fields: { stage: "post", status: "ok", output: "redacted 5 secrets" } },
      text: {
        en: "The debug page leaks five secrets. Before anything else, the post stage replaces every match of the secret patterns (provider keys, bearer tokens, private keys, plus any in the policy's redact list) with [REDACTED].",
        zh: "调试页面泄露了五个密钥。后置阶段首先把所有匹配密钥规则的内容（服务商密钥、bearer 令牌、私钥，以及策略 redact 列表里的规则）替换成 [REDACTED]。",
      },
    },
    {
      target: "event:tool.result",
      match: {
        kind: "tool.result",
        fields: { name: "http_get", turn: 2 },
        includes: { content: "ANTHROPIC_API_KEY=[REDACTED]" },
      },
      text: {
        en: "The model still learns that keys leaked, but never the keys. The log is redacted the same way when each event is appended, so no view of this session shows them either.",
        zh: "模型仍然知道有密钥泄露了，却永远看不到密钥本身。每个事件写入日志时也做同样的遮盖，所以这个会话的任何视图都看不到它们。",
      },
    },
  ],
};
