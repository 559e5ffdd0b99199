import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { diffRequests, REQUEST_SECTIONS } from "@/lib/trace/request-diff";
import { CACHE_PREFIX_DATED_SYSTEM, CACHE_PREFIX_SYSTEM, cachePrefixLesson } from "./cache-prefix";

describe("lesson cache-prefix: a stable prefix of tools and system, then a system change that breaks it", () => {
  it(
    "keeps tools → system stable across requests until the system prompt changes",
    { timeout: 30_000 },
    async () => {
      const { events } = await runLesson("cache-prefix");
      const requests = only(events, "request.assembled");
      expect(requests.map((r) => [r.turn, r.attempt])).toEqual([
        [1, 1],
        [2, 1],
        [3, 1],
        [4, 1],
      ]);
      // The body's sections go out in the cacheable order: tools, then system, then messages.
      const sections: readonly string[] = REQUEST_SECTIONS;
      for (const request of requests)
        expect(Object.keys(request.body).filter((key) => sections.includes(key))).toEqual([
          "tools",
          "system",
          "messages",
        ]);
      expect(requests.map((r) => r.body.system)).toEqual([
        CACHE_PREFIX_SYSTEM,
        CACHE_PREFIX_SYSTEM,
        CACHE_PREFIX_DATED_SYSTEM,
        CACHE_PREFIX_DATED_SYSTEM,
      ]);
      const diffs = requests.map((r, i) => diffRequests(i === 0 ? null : requests[i - 1]!.body, r.body));
      expect(diffs.map((d) => d.stablePrefix)).toEqual([
        [],
        ["tools", "system"],
        ["tools"],
        ["tools", "system"],
      ]);
      expect(diffs.map((d) => d.sections.map((s) => s.status))).toEqual([
        ["added", "added", "added"],
        ["unchanged", "unchanged", "changed"],
        ["unchanged", "changed", "changed"],
        ["unchanged", "unchanged", "changed"],
      ]);
      // Only messages are appended: each request's messages extend the previous request's.
      expect(diffs.map((d) => d.addedMessages)).toEqual([1, 2, 2, 2]);

      const [configured] = only(events, "session.configured");
      expect(configured!.changes).toEqual({
        system: { before: CACHE_PREFIX_SYSTEM, after: CACHE_PREFIX_DATED_SYSTEM },
      });
      expect(locateSteps(events, cachePrefixLesson.steps)).toEqual([
        requests[0]!.seq,
        requests[1]!.seq,
        configured!.seq,
        requests[2]!.seq,
        requests[3]!.seq,
      ]);
      expect(only(events, "run.finished").map((e) => e.reason)).toEqual(["end_turn", "end_turn"]);
    },
  );
});
