import { expect, test } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_PORT, E2E_TOKEN } from "../playwright.config";
import { installClaudeCode, runClaude } from "./support/claude-code";

/**
 * Claude Code itself, pointed at the capture endpoint on the offline upstream: in a temp project
 * with a file, `claude -p "What is in notes.md?"` runs its Read tool through the capture and
 * exits 0 with an answer quoting the file. The capture holds one session of at least two
 * requests, the Read call paired with the result Claude Code sent, and Claude Code's tools,
 * each of which the linter answers for every provider.
 */

interface Event {
  seq: number;
  kind: string;
  [key: string]: unknown;
}
interface Detail {
  session: { id: string; source: string; client?: string; tools: { name: string }[] };
  events: Event[];
}

const auth = { Authorization: `Bearer ${E2E_TOKEN}` };
const PHRASE = `the capture-views phrase ${Date.now()}`;

test.setTimeout(600_000);

test("claude -p reads a file through the capture; one session, the Read call paired, its tools linted", async ({
  request,
}) => {
  const binary = installClaudeCode();
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-claude-project-"));
  fs.writeFileSync(path.join(project, "notes.md"), `# Notes\n\n${PHRASE}\n`);
  const before = await request.get("/api/sessions?source=capture&limit=500", { headers: auth });
  const known = new Set(((await before.json()) as { sessions: { id: string }[] }).sessions.map((s) => s.id));

  const run = await runClaude({
    binary,
    cwd: project,
    prompt: "What is in notes.md?",
    baseURL: `http://127.0.0.1:${E2E_PORT}/capture/anthropic`,
    apiKey: E2E_TOKEN,
    timeoutMs: 240_000,
  });
  expect(run.code, `claude -p failed:\n${run.stdout}\n${run.stderr}`).toBe(0);
  expect(run.stdout).toContain(PHRASE);

  const after = await request.get("/api/sessions?source=capture&limit=500", { headers: auth });
  const list = (await after.json()) as { sessions: { id: string; source: string; client?: string }[] };
  const fresh = list.sessions.filter((session) => !known.has(session.id));
  // Claude Code may send side requests of its own; exactly one session holds the Read call.
  const details = await Promise.all(
    fresh.map(async (session) => {
      const response = await request.get(`/api/sessions/${session.id}`, { headers: auth });
      return (await response.json()) as Detail;
    }),
  );
  const withRead = details.filter((detail) =>
    detail.events.some(
      (event) => event.kind === "turn.completed" && JSON.stringify(event.unified).includes('"name":"Read"'),
    ),
  );
  expect(withRead, `sessions: ${fresh.map((s) => `${s.id} ${s.client}`).join(", ")}`).toHaveLength(1);
  const { session, events } = withRead[0]!;
  expect(session.source).toBe("capture");
  expect(session.client).toBe("Claude Code");

  const requests = events.filter((event) => event.kind === "request.assembled");
  expect(requests.length).toBeGreaterThanOrEqual(2);
  const call = events
    .filter((event) => event.kind === "turn.completed")
    .flatMap(
      (event) => (event.unified as { content: { type: string; id?: string; name?: string }[] }).content,
    )
    .find((block) => block.type === "toolCall" && block.name === "Read");
  expect(call?.id).toBeTruthy();
  const results = events.filter((event) => event.kind === "tool.result" && event.callId === call!.id);
  expect(results).toHaveLength(1);
  expect(results[0]).toMatchObject({ source: "client", isError: false });
  expect(String(results[0]!.content)).toContain(PHRASE);

  expect(session.tools.length).toBeGreaterThanOrEqual(20);
  expect(session.tools.map((tool) => tool.name)).toEqual(
    expect.arrayContaining(["Read", "Bash", "Edit", "Write"]),
  );
  const counts: Record<string, number> = {};
  for (const tool of session.tools) {
    const lint = await request.post("/api/schema/lint", {
      headers: auth,
      data: { tool, providers: ["anthropic", "openai", "openai-strict"] },
    });
    expect(lint.status(), tool.name).toBe(200);
    const { diagnostics } = (await lint.json()) as { diagnostics: { severity: string }[] };
    for (const diagnostic of diagnostics)
      counts[diagnostic.severity] = (counts[diagnostic.severity] ?? 0) + 1;
  }
  test.info().annotations.push({
    type: "claude-code",
    description: `${session.tools.length} tools, ${requests.length} requests, lint ${JSON.stringify(counts)}`,
  });
  fs.rmSync(project, { recursive: true, force: true });
});
