import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startOtlpReceiver } from "../lib/agent/otlp/testing/otlp-receiver";
import { expect, readTranscript, RUN_TIMEOUT, test } from "./support/fixtures";
import { startServer } from "./support/server";

const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * OpenTelemetry in the browser: a server started with TOOLSCOPE_OTLP_ENDPOINT exports a run as
 * it happens to a real OTLP/HTTP receiver; "Export to OTLP" sends it again; the OTLP/JSON
 * download, imported back, opens as the same transcript.
 */
test("a run is exported over OTLP live and on demand, and its OTLP/JSON download imports back", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const receiver = await startOtlpReceiver(PORT + 2);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-otlp-e2e-"));
  const server = await startServer({
    port: PORT + 1,
    dataDir,
    token: "otlp-e2e-token-0123456789abcdef",
    env: { TOOLSCOPE_OTLP_ENDPOINT: receiver.url.replace("/v1/traces", ""), TOOLSCOPE_OTLP_CONTENT: "true" },
  });
  try {
    await page.goto(server.readyUrl);
    await page.getByLabel("Title (optional)").fill("Traced run");
    await page.getByTestId("new-session").click();
    // The machine may be busy: the first render of the session page can take a while.
    await expect(page.getByTestId("session-title")).toHaveText("Traced run", { timeout: RUN_TIMEOUT });
    await page.getByTestId("message-input").fill("What is in notes/todo.md?");
    await page.getByTestId("send").click();
    await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
      timeout: RUN_TIMEOUT,
    });

    // The live export: the run's trace arrives by itself, within the batch delay.
    await expect
      .poll(() => receiver.spans().filter((s) => s.name === "invoke_agent toolscope").length, {
        timeout: 20_000,
      })
      .toBe(1);
    const live = receiver.spans();
    expect(live.filter((s) => s.name.startsWith("chat "))).toHaveLength(2);
    expect(live.filter((s) => s.name === "execute_tool read_file")).toHaveLength(1);
    expect(JSON.stringify(receiver.requests.map((r) => r.body))).not.toContain("otlp-e2e-token");

    // Export to OTLP: the same spans, sent again on demand.
    await page.getByTestId("otlp-send").click();
    await expect(page.getByTestId("otlp-sent")).toContainText(`${live.length} spans sent to ${receiver.url}`);
    expect(receiver.spans().length).toBe(live.length * 2);
    await page.screenshot({ path: testInfo.outputPath("otlp-session.png"), fullPage: true });

    // The download, imported back, is the same conversation.
    const original = await readTranscript(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("otlp-download").click(),
    ]);
    const file = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
    expect(download.suggestedFilename()).toMatch(/\.otlp\.json$/);
    const imported = await page.request.post(`${server.origin}/api/import`, { data: file });
    expect(imported.status()).toBe(201);
    const reply = await imported.json();
    expect(reply.detected).toEqual({ format: "otlp", provider: "offline" });
    await page.goto(`${server.origin}/sessions/${reply.id}`);
    await expect(page.getByTestId("message")).toHaveCount(original.length, { timeout: RUN_TIMEOUT });
    expect(await readTranscript(page)).toEqual(original);
    await page.screenshot({ path: testInfo.outputPath("otlp-imported.png"), fullPage: true });
  } finally {
    await server.stop();
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
