/**
 * Opt-in: a run exported to a real Arize Phoenix (`pip install arize-phoenix && phoenix serve`,
 * then `TOOLSCOPE_PHOENIX_URL=http://127.0.0.1:6006 npx vitest run lib/agent/otlp/phoenix.test.ts`).
 * Phoenix takes OTLP/HTTP protobuf at `/v1/traces`; the test then reads the spans back through
 * Phoenix's own REST API (`GET /v1/projects/:project/spans`) and checks the span tree.
 *
 * Without the variable the suite is reported as skipped under a name that says how to run it.
 * (Phoenix is a Python server from PyPI; the machines Toolscope is built on reach no PyPI.)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRuntime, type Runtime } from "@/lib/agent/runtime";
import { startMessageRun } from "@/lib/agent/runs";
import { createSession } from "@/lib/agent/sessions";
import { systemClock } from "@/lib/clock/system-clock";
import { resolveTracesUrl } from "./settings";

const PHOENIX = process.env.TOOLSCOPE_PHOENIX_URL?.replace(/\/+$/, "");
const PROJECT = process.env.TOOLSCOPE_PHOENIX_PROJECT ?? "default";

/** A span as Phoenix's REST API returns it (only what the test reads). */
interface PhoenixSpan {
  name: string;
  context: { trace_id: string; span_id: string };
  parent_id?: string | null;
  attributes?: Record<string, unknown>;
}

/** An attribute by its dotted name, whether Phoenix sends the attributes flat or nested. */
function attribute(span: PhoenixSpan, name: string): unknown {
  const attributes = span.attributes ?? {};
  if (name in attributes) return attributes[name];
  let value: unknown = attributes;
  for (const part of name.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

async function readSpans(): Promise<PhoenixSpan[]> {
  const spans: PhoenixSpan[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: "1000", ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${PHOENIX}/v1/projects/${encodeURIComponent(PROJECT)}/spans?${query}`);
    if (!response.ok) throw new Error(`Phoenix answered ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as { data: PhoenixSpan[]; next_cursor?: string | null };
    spans.push(...page.data);
    cursor = page.next_cursor ?? null;
  } while (cursor);
  return spans;
}

/** The spans of the run in session `id`, once Phoenix has stored all `expected` of them. */
async function waitForRun(id: string, expected: number): Promise<PhoenixSpan[]> {
  let found: PhoenixSpan[] = [];
  for (let attempt = 0; attempt < 60; attempt++) {
    const spans = await readSpans();
    const agent = spans.find(
      (s) => s.name.startsWith("invoke_agent") && attribute(s, "gen_ai.conversation.id") === id,
    );
    found = agent ? spans.filter((s) => s.context.trace_id === agent.context.trace_id) : [];
    if (found.length >= expected) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return found;
}

const runtimes: Runtime[] = [];
afterAll(async () => {
  for (const runtime of runtimes) await runtime.otlp?.stop();
});

describe.skipIf(!PHOENIX)(
  "Arize Phoenix receives a run (opt-in: set TOOLSCOPE_PHOENIX_URL to a running `phoenix serve`)",
  () => {
    it("a run's invoke_agent → chat / execute_tool → nine stages arrive and read back", async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-phoenix-"));
      const runtime = createRuntime({
        dataDir,
        secrets: () => [],
        readKey: () => null,
        clock: systemClock,
        otlp: {
          url: resolveTracesUrl(PHOENIX!),
          protocol: "http/protobuf",
          headers: {},
          captureContent: true,
          batchDelayMs: 50,
        },
        version: "phoenix-test",
      });
      runtimes.push(runtime);
      const created = createSession(runtime, {});
      if (!created.ok) throw new Error(created.problem.error);
      const id = created.value.id;
      const started = startMessageRun(runtime, id, "What is in notes/todo.md?");
      if (!started.ok) throw new Error(started.problem.error);
      await runtime.runs.get(id)?.done;
      await runtime.otlp!.flush();

      // 1 invoke_agent + 2 chat + 1 execute_tool + its 9 stages.
      const spans = await waitForRun(id, 13);
      const agent = spans.find((s) => s.name.startsWith("invoke_agent"));
      expect(agent, "the invoke_agent span in Phoenix").toBeDefined();
      expect(agent!.parent_id ?? null).toBeNull();
      const children = spans.filter((s) => s.parent_id === agent!.context.span_id).map((s) => s.name);
      expect(children.sort()).toEqual([
        "chat toolscope-offline-1",
        "chat toolscope-offline-1",
        "execute_tool read_file",
      ]);
      const chat = spans.find((s) => s.name.startsWith("chat"))!;
      expect(attribute(chat, "gen_ai.provider.name")).toBe("toolscope.offline");
      expect(String(attribute(chat, "gen_ai.input.messages"))).toContain("notes/todo.md");
      const tool = spans.find((s) => s.name.startsWith("execute_tool"))!;
      expect(attribute(tool, "gen_ai.tool.name")).toBe("read_file");
      expect(spans.filter((s) => s.parent_id === tool.context.span_id)).toHaveLength(9);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);
  },
);
