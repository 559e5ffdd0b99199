import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { PLANTED_SECRETS, writeLongGuide } from "@/lib/tools/canned-pages";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { RESULT_BUDGET, truncateRedactLesson } from "./truncate-redact";

const GUIDE = `HTTP 200 OK\ncontent-type: text/markdown; charset=utf-8\n\n${writeLongGuide()}`;
const REDACTED_ENV = [
  "HTTP 200 OK",
  "content-type: text/plain; charset=utf-8",
  "",
  "# Staging environment dump (debug endpoint left on by mistake)",
  "NODE_ENV=staging",
  "ANTHROPIC_API_KEY=[REDACTED]",
  "OPENAI_API_KEY=[REDACTED]",
  "AWS_ACCESS_KEY_ID=[REDACTED]",
  "UPSTREAM_AUTHORIZATION=[REDACTED]",
  "TLS_KEY=",
  "[REDACTED]",
  "LOG_LEVEL=debug",
  "",
].join("\n");

describe("lesson truncate-redact: the post stage cuts a long page and redacts leaked keys", () => {
  it(
    "cuts the guide to maxResultChars with a marker and hides every planted secret",
    { timeout: 30_000 },
    async () => {
      const { events } = await runLesson("truncate-redact");

      expect(GUIDE.length).toBe(20_044);
      const posts = only(events, "tool.stage").filter((e) => e.stage === "post" && e.status === "ok");
      expect(posts.map((e) => e.output)).toEqual([
        "truncated 20,044 → 2,000 characters (maxResultChars)",
        "redacted 5 secrets",
      ]);
      expect(
        only(events, "tool.result").map(({ name, content, isError }) => ({ name, content, isError })),
      ).toEqual([
        {
          name: "http_get",
          content: `${GUIDE.slice(0, RESULT_BUDGET)}\n[… 18,044 more characters cut by the harness (maxResultChars 2,000)]`,
          isError: false,
        },
        { name: "http_get", content: REDACTED_ENV, isError: false },
      ]);
      const log = JSON.stringify(events);
      for (const secret of Object.values(PLANTED_SECRETS)) expect(log).not.toContain(secret);
      expect(events.at(-1)).toMatchObject({ kind: "run.finished", reason: "end_turn" });
      expect(locateSteps(events, truncateRedactLesson.steps)).not.toContain(null);
    },
  );
});
