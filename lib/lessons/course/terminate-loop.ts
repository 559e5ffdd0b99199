/**
 * Lesson `terminate-loop`: the model finds a failing page and pages the on-call channel; a post
 * rule on `send_notification` terminates the loop, so the run ends right after that result,
 * without another model turn — and the notification stays sent.
 */
import type { Localized, Scenario } from "@/lib/lessons/types";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/.test(view.userText) ? text.zh : text.en;
}

/** The page the model sends; the same in both languages, so the lesson's events match. */
export const PAGE_MESSAGE =
  "https://example.com/status/500 answers HTTP 500 Internal Server Error. Please take a look.";

/** The lesson: a post rule that ends the run after a result. */
export const terminateLoopLesson: Scenario = {
  id: "terminate-loop",
  title: {
    en: "A result that ends the loop",
    zh: "结束循环的结果",
  },
  summary: {
    en: "Once the on-call channel is paged, a post rule says terminate: the run ends after that result, with no further model turn. Terminating undoes nothing.",
    zh: "一旦通知了值班频道，一条后置规则就要求 terminate：运行在这个结果之后结束，不再有模型回合。终止不会撤销任何事。",
  },
  concepts: ["terminate"],
  system:
    "You are an operations assistant. Check pages with http_get; when one is down, tell the on-call team on slack #oncall with send_notification.",
  tools: ["http_get", "send_notification"],
  policy: {
    rules: [
      {
        id: "stop-after-paging",
        stage: "post",
        tool: "send_notification",
        when: [{ pointer: "/to", equals: "#oncall" }],
        action: "terminate",
        reason: "Once a person is paged, the assistant stops and leaves the incident to them.",
      },
    ],
  },
  messages: [
    {
      text: {
        en: "Check https://example.com/status/500 and page on-call if it is down.",
        zh: "检查 https://example.com/status/500，如果挂了就通知值班人员。",
      },
    },
  ],
  script: [
    (view) => ({
      blocks: [
        { type: "text", text: speak(view, { en: "Checking the page.", zh: "正在检查页面。" }) },
        { type: "tool_use", name: "http_get", input: { url: "https://example.com/status/500" } },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "It answers HTTP 500. Paging on-call.",
            zh: "它返回 HTTP 500。正在通知值班人员。",
          }),
        },
        {
          type: "tool_use",
          name: "send_notification",
          input: { channel: "slack", to: "#oncall", message: PAGE_MESSAGE },
        },
      ],
    }),
  ],
  steps: [
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "http_get", isError: true } },
      text: {
        en: "The page answers HTTP 500, so http_get returns an error result. The loop goes on as usual: the model reads it in the next turn and decides to page on-call.",
        zh: "页面返回 HTTP 500，所以 http_get 返回错误结果。循环照常继续：模型在下一回合读到它，决定通知值班人员。",
      },
    },
    {
      target: "event:workspace.changed",
      match: {
        kind: "workspace.changed",
        fields: { change: { type: "ledger", entry: { action: "notification.sent", to: "#oncall" } } },
      },
      text: {
        en: "send_notification runs and the message goes out: the ledger records it.",
        zh: "send_notification 运行了，消息已发出：账本里有记录。",
      },
    },
    {
      target: "node:post",
      match: {
        kind: "tool.stage",
        fields: { stage: "post", status: "ok", output: "rule stop-after-paging: terminate after this turn" },
      },
      text: {
        en: "In the post stage, the rule stop-after-paging matches (to is #oncall) and asks to terminate. The result itself is unchanged; the rule only tells the loop to stop after this turn.",
        zh: "在后置阶段，规则 stop-after-paging 匹配上了（to 是 #oncall），要求 terminate。结果本身不变；规则只是让循环在这个回合之后停下。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "send_notification", isError: false } },
      text: {
        en: "The result is recorded and paired with its call id, as always, so the transcript stays valid for a later turn.",
        zh: "结果照常记录下来，并通过调用 id 配对，所以记录在之后的回合里依然有效。",
      },
    },
    {
      target: "event:run.finished",
      match: { kind: "run.finished", fields: { reason: "a post rule asked to terminate after this turn" } },
      text: {
        en: "The run ends here: no request is sent to the model after this result. Terminate is how a harness hands control back to a person; it does not undo the notification already sent.",
        zh: "运行在这里结束：这个结果之后不再向模型发送请求。terminate 是框架把控制权交还给人的方式；它不会撤销已经发出的通知。",
      },
    },
  ],
};
