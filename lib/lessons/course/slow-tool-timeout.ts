/**
 * Lesson `slow-tool-timeout`: `slow_task` streams progress while it runs (3 steps of 500 ms),
 * then a second call (10 steps of 700 ms) passes the tool's `timeoutMs` of 3,000 ms and is
 * stopped. All of it on the run's virtual clock: the lesson waits for nothing.
 */
import type { Localized, Scenario } from "@/lib/lessons/types";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/.test(view.userText) ? text.zh : text.en;
}

/** The lesson: progress from a slow tool, then a timeout on the run's clock. */
export const slowToolTimeoutLesson: Scenario = {
  id: "slow-tool-timeout",
  title: {
    en: "A slow tool: progress, then a timeout",
    zh: "慢工具：先有进度，后有超时",
  },
  summary: {
    en: "slow_task reports its progress step by step while it runs. A second, longer call passes the tool's 3,000 ms time limit and is stopped with a timeout error.",
    zh: "slow_task 在运行时一步一步报告进度。第二次调用更长，超过了工具 3,000 毫秒的时限，被中止并返回超时错误。",
  },
  concepts: ["execute-progress", "timeout"],
  system: "You are an assistant that runs background jobs with slow_task. Report how each job went.",
  tools: ["slow_task"],
  policy: {},
  messages: [
    {
      text: {
        en: "Run a short job of 3 steps of 500 ms, then a long one of 10 steps of 700 ms.",
        zh: "先跑一个短任务：3 步，每步 500 毫秒；再跑一个长任务：10 步，每步 700 毫秒。",
      },
    },
  ],
  script: [
    (view) => ({
      blocks: [
        { type: "text", text: speak(view, { en: "Starting the short job.", zh: "开始短任务。" }) },
        { type: "tool_use", name: "slow_task", input: { steps: 3, stepMs: 500 } },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "The short job finished. Starting the long one.",
            zh: "短任务完成了。开始长任务。",
          }),
        },
        { type: "tool_use", name: "slow_task", input: { steps: 10, stepMs: 700 } },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "The short job finished its 3 steps in 1.5 seconds. The long job needed 7 seconds and was stopped at the 3-second limit after 4 steps. It has no side effects, so it is safe to run again with fewer or shorter steps.",
            zh: "短任务用 1.5 秒跑完了 3 步。长任务需要 7 秒，跑了 4 步后在 3 秒的时限处被中止。它没有副作用，所以可以放心地用更少或更短的步骤再跑一次。",
          }),
        },
      ],
    }),
  ],
  steps: [
    {
      target: "event:tool.progress",
      match: { kind: "tool.progress", fields: { message: "step 1 of 3" } },
      text: {
        en: "While slow_task runs, it streams progress: one tool.progress event per step, with the fraction done. The result comes only at the end; progress is for the person watching, not for the model.",
        zh: "slow_task 运行时会不断发送进度：每一步一个 tool.progress 事件，附带完成的比例。结果要到最后才有；进度是给旁观的人看的，不是给模型的。",
      },
    },
    {
      target: "node:progress",
      match: { kind: "tool.stage", fields: { stage: "progress", status: "ok", output: "3 updates" } },
      text: {
        en: "The progress node closes with the number of updates. The three steps of 500 ms took 1.5 seconds on the run's clock, which tests and lessons can move forward without waiting.",
        zh: "progress 节点结束时记下了更新次数。三步各 500 毫秒，在运行时钟上一共 1.5 秒；测试和课程可以直接拨快这个时钟，不用真的等。",
      },
    },
    {
      target: "node:execute",
      match: {
        kind: "tool.stage",
        fields: { stage: "execute", status: "running", input: '{"steps":10,"stepMs":700}' },
      },
      text: {
        en: "The second call asks for 10 steps of 700 ms: 7 seconds. slow_task's metadata sets timeoutMs to 3,000, and the harness enforces it with a timer and an abort signal.",
        zh: "第二次调用要 10 步、每步 700 毫秒：共 7 秒。slow_task 的元数据把 timeoutMs 设为 3,000，框架用计时器和中止信号来执行这个时限。",
      },
    },
    {
      target: "node:execute",
      match: { kind: "tool.stage", fields: { stage: "execute", status: "error" } },
      text: {
        en: "At 3,000 ms, after 4 progress updates, the harness aborts the tool and stops waiting for it. The execute node ends in error at its 3,000 ms limit (its ms says how long it really took, a few ms more).",
        zh: "到 3,000 毫秒时，在 4 次进度更新之后，框架中止了工具，不再等它。execute 节点在 3,000 毫秒的时限处以错误结束（它的 ms 是实际用时，会多出几毫秒）。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "slow_task", errorKind: "timeout" } },
      text: {
        en: "The model gets a timeout error. Unlike a validation error, a timeout means the tool may have done part of its work, so the hint says to check before retrying.",
        zh: "模型收到一个超时错误。和校验错误不同，超时意味着工具可能已经做了一部分工作，所以提示说重试之前先检查一下。",
      },
    },
  ],
};
