/**
 * Lesson `openai-string-arguments`: on the OpenAI Chat Completions wire a function's arguments
 * are one JSON string. The model's first string has a trailing comma, so it does not parse; the
 * `prepare` stage names the exact position, the result is `invalid_arguments` (nothing ran), and
 * the model resends a string that parses.
 */
import type { PlannedBlock } from "@/lib/providers/offline/types";
import type { Localized, Scenario } from "@/lib/lessons/types";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/.test(view.userText) ? text.zh : text.en;
}

/** The arguments string the model streams first: a trailing comma before the closing brace. */
export const BROKEN_ARGUMENTS = '{"city": "Paris", "unit": "celsius",}';

/** The first call: its arguments are streamed as `rawArguments`, exactly as written. */
const BROKEN_CALL: PlannedBlock = {
  type: "tool_use",
  name: "get_weather",
  input: { city: "Paris", unit: "celsius" },
  rawArguments: BROKEN_ARGUMENTS,
};

/** The lesson: a function-arguments string that does not parse, then the corrected call. */
export const openaiStringArgumentsLesson: Scenario = {
  id: "openai-string-arguments",
  title: {
    en: "OpenAI string arguments that do not parse",
    zh: "无法解析的 OpenAI 字符串参数",
  },
  summary: {
    en: "In OpenAI's chat format, function arguments are a JSON string the model writes. This one has a trailing comma: the prepare stage says exactly where it breaks, and the model sends a corrected call.",
    zh: "在 OpenAI 的 chat 格式里，函数参数是模型写出的一段 JSON 字符串。这一段多了一个结尾逗号：prepare 阶段准确指出在哪里出错，模型随后发出修正后的调用。",
  },
  concepts: ["prepare-arguments", "error-kinds"],
  system: "You are a weather assistant. Use get_weather to answer questions about the weather.",
  tools: ["get_weather"],
  policy: {},
  provider: { wire: "openai-chat" },
  messages: [
    {
      text: {
        en: "What's the weather in Paris, in celsius?",
        zh: "巴黎现在天气怎么样？用摄氏度。",
      },
    },
  ],
  script: [
    (view) => ({
      blocks: [
        { type: "text", text: speak(view, { en: "Let me check Paris.", zh: "我查一下巴黎。" }) },
        BROKEN_CALL,
      ],
    }),
    () => ({
      blocks: [{ type: "tool_use", name: "get_weather", input: { city: "Paris", unit: "celsius" } }],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "In Paris it is 18 °C and partly cloudy, with 62% humidity and a 14 km/h wind.",
            zh: "巴黎现在 18 °C，多云，湿度 62%，风速每小时 14 公里。",
          }),
        },
      ],
    }),
  ],
  steps: [
    {
      target: "block:tool_use",
      match: { kind: "turn.completed", fields: { turn: 1, stopReason: { unified: "tool_use" } } },
      text: {
        en: 'In OpenAI\'s chat format the arguments of a tool call are not an object but a string of JSON, streamed in pieces. Here it ends with ",}": the assembled call keeps the raw string, and its parsed arguments are null.',
        zh: '在 OpenAI 的 chat 格式里，工具调用的参数不是对象，而是一段分片流式发送的 JSON 字符串。这一段以 ",}" 结尾：拼好的调用保留了原始字符串，解析出的参数是 null。',
      },
    },
    {
      target: "node:prepare",
      match: { kind: "tool.stage", fields: { stage: "prepare", status: "error" } },
      text: {
        en: "The prepare stage parses the string and reports the exact spot: the character, its position, line and column, and the text around it. That is what the model needs to fix its own JSON.",
        zh: "prepare 阶段解析这段字符串，并报告出错的准确位置：哪个字符、第几个位置、第几行第几列，以及附近的文字。模型要修好自己的 JSON，需要的正是这些。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { errorKind: "invalid_arguments" } },
      text: {
        en: "The error kind is invalid_arguments: the JSON did not parse, so validation never ran and neither did the tool. It is not schema_validation_error, which means the JSON parsed but a field was wrong.",
        zh: "错误类型是 invalid_arguments：JSON 无法解析，所以既没有做校验，也没有运行工具。它不同于 schema_validation_error，后者表示 JSON 能解析、但某个字段不对。",
      },
    },
    {
      target: "node:prepare",
      match: { kind: "tool.stage", fields: { stage: "prepare", status: "ok" } },
      text: {
        en: "The model resends the call with a string that parses. Prepare turns it into an object, and the call continues to validate and execute.",
        zh: "模型重新发送调用，这次的字符串可以解析。prepare 把它变成对象，调用继续进入校验和执行。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "get_weather", isError: false } },
      text: {
        en: "The corrected call runs and returns the weather. The broken call and its error stay in the transcript, paired by id, so the model can see what it got wrong.",
        zh: "修正后的调用运行并返回了天气。出错的调用和它的错误仍留在记录里，通过 id 配对，模型能看到自己错在哪里。",
      },
    },
  ],
};
