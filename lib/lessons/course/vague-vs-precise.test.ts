import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { respondOffline } from "@/lib/providers/offline/respond";
import type { OfflineRequest } from "@/lib/providers/offline/types";
import { locateSteps } from "@/lib/trace/lesson-steps";
import type { TraceEvent } from "@/lib/trace/events";
import { PRECISE_TOOLS, VAGUE_TOOLS, vagueVsPreciseLesson } from "./vague-vs-precise";

/** Each turn's tool calls as `{ name, arguments }`. */
function listCalls(events: readonly TraceEvent[]) {
  return only(events, "turn.completed").map((e) =>
    e.unified.content.flatMap((b) =>
      b.type === "toolCall" ? [{ name: b.name, arguments: b.arguments }] : [],
    ),
  );
}

/** What the offline model says to `body` on its own, without the lesson's script (ids left out). */
function readPlannedBlocks(body: Record<string, unknown>) {
  return respondOffline(body as unknown as OfflineRequest).content.map((block) =>
    block.type === "tool_use" ? { type: block.type, name: block.name, input: block.input } : block,
  );
}

describe("lesson vague-vs-precise: only the descriptions change, and the model calls another tool", () => {
  it("keeps names, schemas and mocks; only the descriptions differ", () => {
    const strip = (tools: readonly { description?: string }[]) =>
      tools.map(({ description: _, ...rest }) => rest);
    expect(strip(PRECISE_TOOLS)).toEqual(strip(VAGUE_TOOLS));
    expect(PRECISE_TOOLS.map((t) => t.description)).not.toEqual(VAGUE_TOOLS.map((t) => t.description));
  });

  it.each(["en", "zh"] as const)(
    "calls erp_query with vague descriptions, pim_lookup with precise ones (%s)",
    { timeout: 30_000 },
    async (lang) => {
      const { events } = await runLesson("vague-vs-precise", { lang });
      expect(listCalls(events)).toEqual([
        [{ name: "erp_query", arguments: { query: "blue mug" } }],
        [],
        [{ name: "pim_lookup", arguments: { product: "blue mug" } }],
        [],
      ]);
      // The offline model's own planner chose, and said so in its usual words.
      const [first, , third] = only(events, "turn.completed");
      expect(first!.unified.content[0]).toEqual({
        type: "text",
        text: 'I\'ll use erp_query with query "blue mug".',
      });
      expect(third!.unified.content[0]).toEqual({
        type: "text",
        text: 'I\'ll use pim_lookup with product "blue mug".',
      });

      const [configured] = only(events, "session.configured");
      expect(Object.keys(configured!.changes)).toEqual(["tools"]);
      const results = only(events, "tool.result");
      expect(results.map((e) => [e.name, e.isError, e.content])).toEqual([
        [
          "erp_query",
          false,
          "No sales price found. The ERP holds purchase orders (PO-…) and supplier invoices; search by order number.",
        ],
        [
          "pim_lookup",
          false,
          '{"product":"Blue mug","sku":"MUG-01","price_eur":12.5,"colours":["blue","white"],"in_stock":42}',
        ],
      ]);
      // Both runs sent the same user text.
      const texts = only(events, "user.message").map((e) => e.text);
      expect(texts[0]).toBe(texts[1]);

      const requests = only(events, "request.assembled");
      // In English the script changes nothing: the offline model alone makes the same calls.
      if (lang === "en")
        for (const [request, turn] of [
          [requests[0]!, first!],
          [requests[2]!, third!],
        ] as const)
          expect(readPlannedBlocks(request.body)).toEqual(
            turn.unified.content.map((b) =>
              b.type === "toolCall" ? { type: "tool_use", name: b.name, input: b.arguments } : b,
            ),
          );

      expect(locateSteps(events, vagueVsPreciseLesson.steps)).toEqual([
        requests[0]!.seq,
        first!.seq,
        results[0]!.seq,
        configured!.seq,
        third!.seq,
        results[1]!.seq,
      ]);
    },
  );
});
