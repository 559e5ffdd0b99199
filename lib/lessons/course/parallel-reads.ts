/**
 * Lesson `parallel-reads`: three read-only, concurrency-safe calls in one turn run as one
 * parallel group. The slow one (`slow_task`, called first) finishes last, `read_file` and
 * `http_get` first; the results still go back to the model in call order.
 */
import type { Localized, Scenario } from "@/lib/lessons/types";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/.test(view.userText) ? text.zh : text.en;
}

/** The lesson: three parallel read-only calls, results in call order. */
export const parallelReadsLesson: Scenario = {
  id: "parallel-reads",
  title: {
    en: "Three parallel reads, results in call order",
    zh: "三个并行读取，结果按调用顺序返回",
  },
  summary: {
    en: "Three read-only calls run at the same time and finish in a different order than they were called. The harness still sends the results back in call order, each paired with its id.",
    zh: "三个只读调用同时运行，完成的顺序和调用顺序不同。框架仍然按调用顺序把结果送回去，每个结果都和它的 id 配对。",
  },
  concepts: ["parallel-calls", "result-order"],
  system:
    "You are a status assistant. Gather what the user asks for with your tools, calling independent tools in parallel.",
  tools: ["slow_task", "read_file", "http_get"],
  policy: {},
  messages: [
    {
      text: {
        en: "At the same time: run the nightly check (2 steps of 400 ms), read notes/todo.md and fetch https://example.com/.",
        zh: "同时做三件事：跑夜间检查（2 步，每步 400 毫秒），读取 notes/todo.md，获取 https://example.com/。",
      },
    },
  ],
  script: [
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, { en: "I'll do all three at once.", zh: "三件事我一起做。" }),
        },
        { type: "tool_use", name: "slow_task", input: { steps: 2, stepMs: 400 } },
        { type: "tool_use", name: "read_file", input: { path: "notes/todo.md" } },
        { type: "tool_use", name: "http_get", input: { url: "https://example.com/" } },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "The nightly check finished (2 steps, 800 ms). notes/todo.md has two open items: read the tool-use docs and add tests for the pipeline. https://example.com/ is up and shows the Example Domain page.",
            zh: "夜间检查完成了（2 步，800 毫秒）。notes/todo.md 里还有两项没做：阅读工具使用文档、为流水线加测试。https://example.com/ 正常，显示的是 Example Domain 页面。",
          }),
        },
      ],
    }),
  ],
  steps: [
    {
      target: "event:batch.planned",
      match: { kind: "batch.planned", fields: { turn: 1 } },
      text: {
        en: "All three tools are marked readOnly and concurrencySafe, so the planner puts the three calls in one group that runs in parallel. A call with side effects would run alone, in order.",
        zh: "三个工具都被标为 readOnly 和 concurrencySafe，所以计划器把三个调用放进同一组并行运行。有副作用的调用会单独按顺序运行。",
      },
    },
    {
      target: "node:execute",
      match: {
        kind: "tool.stage",
        fields: { stage: "execute", status: "running", input: '{"url":"https://example.com/"}' },
      },
      text: {
        en: "The three execute nodes start one after another, before any of them ends: slow_task, read_file, then http_get. None waits for the one before it.",
        zh: "三个 execute 节点依次启动，在任何一个结束之前就都开始了：slow_task、read_file，然后是 http_get。没有哪个要等前一个。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "read_file" } },
      text: {
        en: "read_file, the second call, finishes first. Each result is recorded the moment its call ends, so the log shows the real finishing order.",
        zh: "第二个调用 read_file 最先完成。每个结果在调用结束的那一刻就被记录下来，所以日志显示的是真实的完成顺序。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "slow_task" } },
      text: {
        en: "slow_task, the first call, finishes last, after its two 400 ms steps and their progress updates.",
        zh: "第一个调用 slow_task 最后完成，在它两个 400 毫秒的步骤和进度更新之后。",
      },
    },
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 2 } },
      text: {
        en: "In the next request, the three tool_result blocks are back in call order — slow_task, read_file, http_get — in one user message, each with the id of its call. The request is the same however the timing went.",
        zh: "在下一个请求里，三个 tool_result 块回到了调用顺序——slow_task、read_file、http_get——放在同一条 user 消息里，各自带着对应调用的 id。不管实际完成时间如何，请求都一样。",
      },
    },
  ],
};
