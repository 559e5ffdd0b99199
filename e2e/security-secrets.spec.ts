import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { findToken, sendRaw } from "./support/raw-http";
import { startServer, type RunningServer } from "./support/server";

/**
 * Secrets planted over real HTTP — a provider key in the environment, a key typed into the
 * settings, the launch token, and a secret only the default patterns know — put into a session's
 * title, system prompt, tool, messages, a fork and an import, are absent from every API answer,
 * every page (HTML and DOM) and the server's output. The server is started here so its output
 * can be read. (Every route and channel, unit-level: app/api/planted-secret.test.ts.)
 */
const PORT = 3111;
const word = () => randomBytes(16).toString("hex");
const TOKEN = `secrets-e2e-token-${word()}`;
const SECRETS = {
  envKey: `env-openai-key-${word()}`,
  typedKey: `typed-anthropic-key-${word()}`,
  token: TOKEN,
  patternOnly: `AKIA${randomBytes(8).toString("hex").toUpperCase()}`,
};
const PLANTED = Object.values(SECRETS).join(" ");

function findSecrets(text: string): string[] {
  return Object.entries(SECRETS)
    .filter(([, secret]) => text.includes(secret))
    .map(([name]) => name);
}

async function call(method: string, url: string, body?: unknown) {
  const response = await sendRaw({
    port: PORT,
    method,
    path: url,
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect([method, url, response.status < 300]).toEqual([method, url, true]);
  return response;
}

async function plant(): Promise<string[]> {
  await call("PUT", "/api/settings", { anthropic: { key: SECRETS.typedKey } });
  const created = await call("POST", "/api/sessions", {
    title: `Planted ${PLANTED}`.slice(0, 200),
    system: `System ${PLANTED}`,
    tools: [
      { builtin: "read_file" },
      { name: "lookup", description: PLANTED, input_schema: { type: "object" }, mock: { kind: "echo" } },
    ],
  });
  const id = (JSON.parse(created.body) as { id: string }).id;
  await call("POST", `/api/sessions/${id}/messages`, { text: `What is in notes/todo.md? ${PLANTED}` });
  await expect
    .poll(
      async () =>
        (JSON.parse((await call("GET", `/api/sessions/${id}`)).body) as { session: { status: string } })
          .session.status,
    )
    .toBe("finished");
  const events = (
    JSON.parse((await call("GET", `/api/sessions/${id}`)).body) as { events: { seq: number; kind: string }[] }
  ).events;
  const at = events.find((event) => event.kind === "user.message")?.seq;
  const forked = await call("POST", `/api/sessions/${id}/fork`, { at, edits: { system: PLANTED } });
  const imported = await call("POST", "/api/import", {
    model: "claude-x",
    system: PLANTED,
    messages: [{ role: "user", content: `Hello ${PLANTED}` }],
  });
  return [id, ...[forked, imported].map((response) => (JSON.parse(response.body) as { id: string }).id)];
}

test("planted secrets appear in no API answer, no page and not in the server's output", async ({ page }) => {
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-secrets-"));
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      port: PORT,
      dataDir,
      token: TOKEN,
      env: { OPENAI_API_KEY: SECRETS.envKey, ANTHROPIC_API_KEY: "" },
    });
    const ids = await plant();
    const found: string[] = [];
    const urls = [
      "/api/sessions",
      "/api/settings",
      ...ids.flatMap((id) => [
        `/api/sessions/${id}`,
        `/api/sessions/${id}/export`,
        `/api/sessions/${id}/transcript?format=anthropic`,
        `/api/sessions/${id}/transcript?format=openai-chat`,
      ]),
    ];
    for (const url of urls)
      found.push(...findSecrets((await call("GET", url)).body).map((name) => `${name} in GET ${url}`));
    for (const id of ids) {
      const detail = JSON.parse((await call("GET", `/api/sessions/${id}`)).body) as {
        events: { seq: number }[];
      };
      const lastSeq = detail.events.at(-1)?.seq ?? 0;
      // The stream stays open for live events: read its backlog, up to the last event there is.
      const stream = await sendRaw({
        port: PORT,
        path: `/api/sessions/${id}/events`,
        headers: { authorization: `Bearer ${TOKEN}` },
        until: (body) => body.includes(`id: ${lastSeq}\n`),
      });
      found.push(...findSecrets(stream.body).map((name) => `${name} in the event stream of ${id}`));
    }
    await page.goto(`http://127.0.0.1:${PORT}/?token=${TOKEN}`);
    await expect(page).not.toHaveURL(/token=/);
    for (const url of ["/", "/settings", ...ids.map((id) => `/sessions/${id}`)]) {
      await page.goto(`http://127.0.0.1:${PORT}${url}`);
      await expect(page.getByTestId("app-header")).toBeVisible();
      await page.waitForLoadState("networkidle");
      found.push(...findSecrets(await page.content()).map((name) => `${name} in the DOM of ${url}`));
      const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
      const html = await sendRaw({ port: PORT, path: url, headers: { cookie } });
      found.push(...findSecrets(html.body).map((name) => `${name} in the HTML of ${url}`));
      expect(findToken(await sendRaw({ port: PORT, path: url }), TOKEN)).toEqual([]);
    }
    expect(found).toEqual([]);
  } finally {
    await server?.stop();
    const output = server?.output() ?? "";
    fs.rmSync(dataDir, { recursive: true, force: true });
    // The ready line prints the token by design (it is how a person gets in); nothing else may.
    const rest = output.replace(`?token=${encodeURIComponent(TOKEN)}`, "?token=…");
    expect(findSecrets(rest)).toEqual([]);
  }
});
