/**
 * Lesson `hook-failure`: a preflight check that fails on every call, first under `fail-closed`
 * (the call is blocked with `hook_error`), then, after the policy switches, under `fail-open`
 * (the call runs and the failure is only noted). The check fails because the policy names a hook
 * this harness does not have (`audit-log`): `runHooks` treats a missing hook exactly like one
 * that throws. Nothing is scripted: the offline model reads the file named in each message.
 */
import type { PolicyConfig } from "@/lib/trace/config";
import type { Scenario } from "../types";

type HookName = NonNullable<PolicyConfig["hooks"]>[number];

/**
 * The check the policy names and the harness does not have. `PolicyConfig.hooks` lists only the
 * built-in names, so the cast is the point: this is the misconfiguration the lesson shows.
 */
export const MISSING_HOOK = "audit-log" as string as HookName;

/** Lesson `hook-failure`: the same failing check under `fail-closed`, then `fail-open`. */
export const hookFailureLesson: Scenario = {
  id: "hook-failure",
  title: {
    en: "A broken check: fail-closed, then fail-open",
    zh: "检查本身坏了：先失败即拦截，再失败即放行",
  },
  summary: {
    en: "A preflight check breaks on every call. Under fail-closed the call is blocked with hook_error; under fail-open the same call runs, without the check.",
    zh: "一个预检检查每次调用都会出错。在“失败即拦截”下，调用被拦下，错误类型是 hook_error；在“失败即放行”下，同一个调用照常运行，只是没有经过检查。",
  },
  concepts: ["hook-failure-policy"],
  system: "You help with the notes in this workspace. Read a file before you talk about it.",
  tools: ["read_file", "list_dir"],
  policy: { hooks: [MISSING_HOOK], hookFailure: "fail-closed" },
  messages: [
    { text: { en: "What is in notes/todo.md?", zh: "notes/todo.md 里写了什么？" } },
    {
      text: { en: "Try again: what is in notes/todo.md?", zh: "再试一次，看看 notes/todo.md 里写了什么。" },
      reconfigure: { policy: { hooks: [MISSING_HOOK], hookFailure: "fail-open" } },
    },
  ],
  script: [],
  steps: [
    {
      target: "node:preflight",
      match: { kind: "tool.stage", fields: { stage: "preflight", status: "blocked" } },
      text: {
        en: "The policy names a check called audit-log that this harness does not have, so the check fails on every call, just as a check that crashes would. Under fail-closed, the default, a failed check blocks the call.",
        zh: "策略里写了一个叫 audit-log 的检查，但执行框架里没有它，所以每次调用这个检查都会失败，就像检查崩溃了一样。在默认的“失败即拦截”下，检查失败就拦下调用。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { errorKind: "hook_error" } },
      text: {
        en: "The result's error kind is hook_error, not blocked_by_policy: the harness broke, no rule said no. Its text tells the model that its arguments were fine and that retrying will not help.",
        zh: "结果的错误类型是 hook_error，不是 blocked_by_policy：出问题的是执行框架，而不是某条规则拒绝了它。结果的文字告诉模型：它的参数没有问题，重试也没用。",
      },
    },
    {
      target: "event:session.configured",
      match: { kind: "session.configured" },
      text: {
        en: "Now the policy switches to fail-open. The broken check is still there and still fails.",
        zh: "现在策略改成了“失败即放行”。坏掉的检查还在，也还是会失败。",
      },
    },
    {
      target: "node:preflight",
      match: { kind: "tool.stage", fields: { stage: "preflight", status: "ok" } },
      text: {
        en: "The check fails again, but preflight now lets the call through and writes the failure into its output (audit-log threw). The failure is recorded, not hidden.",
        zh: "检查又失败了，但预检这次放行了调用，并把失败写进了输出（audit-log threw）。失败被记录下来，没有被藏起来。",
      },
    },
    {
      target: "node:execute",
      match: { kind: "tool.stage", fields: { stage: "execute", status: "ok" } },
      text: {
        en: "read_file runs. Fail-open keeps the app working when a check breaks, but every call now skips that check. Use fail-closed for checks that guard money or data, and fail-open only for checks that just watch.",
        zh: "read_file 运行了。“失败即放行”让检查坏掉时应用还能用，但之后每个调用都跳过了这个检查。保护钱和数据的检查要用“失败即拦截”，只做观察的检查才适合“失败即放行”。",
      },
    },
  ],
};
