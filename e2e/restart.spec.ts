import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSession, expect, readTranscript, RUN_TIMEOUT, test } from "./support/fixtures";
import { startServer } from "./support/server";

/**
 * A restart loses nothing: every session and event survives, the generated token is the same,
 * and a tab that stayed open keeps working — its cookie still holds, its event stream reconnects.
 */
test("a restart keeps every session and event, and an open tab keeps working", async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-restart-"));
  const port = 3101;
  let server = await startServer({ port, dataDir });
  try {
    expect(server.token.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dataDir, "token")).mode & 0o777).toBe(0o600);
    await page.goto(server.readyUrl);
    await expect(page).not.toHaveURL(/token=/);
    await createSession(page, "Survives restarts");
    await page.getByTestId("message-input").fill("What is in notes/todo.md?");
    await page.getByTestId("send").click();
    await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
      timeout: RUN_TIMEOUT,
    });
    const before = await readTranscript(page);
    expect(before.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    const sessionUrl = page.url();

    await server.stop();
    server = await startServer({ port, dataDir });
    expect(new URL(server.readyUrl).searchParams.get("token")).toBe(server.token);

    // The tab that stayed open: no reload, no token in the URL.
    await page.getByTestId("message-input").fill("List the files in notes/");
    await page.getByTestId("send").click();
    await expect(page.getByTestId("message")).toHaveCount(8, { timeout: RUN_TIMEOUT });
    await expect(page.getByTestId("status")).toHaveAttribute("data-status", "finished", {
      timeout: RUN_TIMEOUT,
    });
    const after = await readTranscript(page);
    expect(after.slice(0, 4)).toEqual(before);
    expect(after[5]?.blocks.some((b) => b.type === "tool_use" && b.text?.includes("list_dir"))).toBe(true);

    await page.goto(sessionUrl);
    await expect(page.getByTestId("message")).toHaveCount(8);
    expect(await readTranscript(page)).toEqual(after);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
