import type { Page } from "@playwright/test";
import { expect, openApp, RUN_TIMEOUT, test } from "./support/fixtures";

/**
 * The stream panel reads every wire format the same way: for an offline session speaking each
 * of Anthropic, OpenAI Chat and OpenAI Responses, turn 1 (a text block, then a read_file call) is
 * stepped event by event in the scrubber — the blocks so far, the arguments partially parsed as
 * they stream, and no "unknown type" note anywhere. Each wire keeps a screenshot mid-arguments.
 */

test.use({ viewport: { width: 1280, height: 800 } });

const WIRES = ["anthropic", "openai-chat", "openai-responses"] as const;
const FINAL = { path: "notes/todo.md" };

interface Step {
  kinds: string[];
  raw: string | null;
  parse: string | null;
  partial: unknown;
  notes: string;
}

async function readStep(page: Page): Promise<Step> {
  const scrub = page.getByTestId("stream-scrub");
  const kinds = await scrub
    .getByTestId("scrub-block")
    .evaluateAll((blocks) => blocks.map((block) => block.getAttribute("data-kind") ?? ""));
  const rawNode = scrub.getByTestId("partial-arguments-raw");
  const partialNode = scrub.getByTestId("partial-arguments");
  const raw = (await rawNode.count()) > 0 ? await rawNode.first().textContent() : null;
  const parse = (await partialNode.count()) > 0 ? await partialNode.first().getAttribute("data-parse") : null;
  const partial = parse ? (JSON.parse((await partialNode.first().textContent()) ?? "null") as unknown) : null;
  const notesNode = scrub.getByTestId("scrub-notes");
  const notes = (await notesNode.count()) > 0 ? ((await notesNode.textContent()) ?? "") : "";
  return { kinds, raw, parse, partial, notes };
}

for (const wire of WIRES) {
  test(`${wire}: the scrubber steps through turn 1's blocks and partially parsed arguments`, async ({
    page,
  }, testInfo) => {
    await openApp(page);
    const response = await page.request.post("/api/sessions", {
      data: { title: `Wires ${wire} ${Date.now()}`, provider: { kind: "offline", wire } },
    });
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await page.goto(`/sessions/${id}`);
    const status = page.getByTestId("status");
    await expect(status).toHaveAttribute("data-status", "idle");
    const input = page.getByTestId("message-input");
    await input.fill("What is in notes/todo.md?");
    await input.press("Enter");
    await expect(status).toHaveAttribute("data-status", "finished", { timeout: RUN_TIMEOUT });

    await page.getByTestId("stream-turn").selectOption("1");
    const count = page.locator(".stream-count");
    const total = Number(/of (\d+)/.exec((await count.textContent()) ?? "")?.[1]);
    expect(total).toBeGreaterThan(5);

    const list = page.getByTestId("stream-list");
    await list.focus();
    await list.press("Home");
    const selected = page.locator('[data-testid="stream-row"][aria-selected="true"]');
    const steps: Step[] = [];
    for (let position = 0; position < total; position++) {
      if (position > 0) await list.press("ArrowDown");
      await expect(selected).toHaveAttribute("data-position", String(position));
      const scrub = page.getByTestId("stream-scrub");
      await expect(scrub).toHaveAttribute("data-format", wire);
      await expect(scrub).toHaveAttribute("data-seq", (await selected.getAttribute("data-seq")) ?? "");
      const step = await readStep(page);
      expect(step.notes).not.toContain("unknown type");
      steps.push(step);
      if (step.parse === "repaired" && !steps.slice(0, -1).some((s) => s.parse === "repaired"))
        await page.screenshot({ path: testInfo.outputPath(`stream-${wire}.png`) });
    }

    const last = steps.at(-1)!;
    expect(last.kinds).toEqual(["text", "tool"]);
    expect(last.parse).toBe("json");
    expect(last.partial).toEqual(FINAL);
    const finalRaw = last.raw ?? "";
    expect(JSON.parse(finalRaw)).toEqual(FINAL);

    // Blocks only ever grow, and the arguments stream as prefixes of the final text.
    const firstText = steps.findIndex((step) => step.kinds.length > 0);
    const firstTool = steps.findIndex((step) => step.kinds.includes("tool"));
    expect(firstText).toBeGreaterThan(-1);
    expect(firstTool).toBeGreaterThan(firstText);
    const repaired = steps.filter((step) => step.parse === "repaired");
    expect(repaired.length).toBeGreaterThan(0);
    for (const step of steps.filter((s) => s.raw !== null)) expect(finalRaw.startsWith(step.raw!)).toBe(true);
    for (const step of repaired) {
      const path = (step.partial as { path?: string }).path ?? "";
      expect(FINAL.path.startsWith(path)).toBe(true);
    }
    await testInfo.attach(`stream-${wire}`, {
      path: testInfo.outputPath(`stream-${wire}.png`),
      contentType: "image/png",
    });
  });
}
