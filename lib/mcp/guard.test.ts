import { spawn, type ChildProcess } from "node:child_process";
import { describe, expect, it } from "vitest";
import { McpHub } from "./hub";
import { GUARD_SOURCE } from "./stdio-transport";
import { EVERYTHING_ENTRY, everythingStdio, processExists, waitFor } from "./testing/servers";

/** A parent that starts server-everything under the guard, as Toolscope does, prints the guard's pid, and waits. */
const PARENT = `
const { spawn } = require("node:child_process");
const guard = spawn(process.execPath, ["-e", process.env.GUARD, "--", process.execPath, process.env.ENTRY, "stdio"], {
  detached: true, stdio: ["pipe", "pipe", "pipe"],
});
guard.once("spawn", () => console.log(guard.pid));
setInterval(() => {}, 1000);
`;

describe("the stdio guard", () => {
  it("ends the server's whole process group when its parent is killed with SIGKILL", async () => {
    const parent: ChildProcess = spawn(process.execPath, ["-e", PARENT], {
      env: { ...process.env, GUARD: GUARD_SOURCE, ENTRY: EVERYTHING_ENTRY },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const pgid = await new Promise<number>((resolve) =>
      parent.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    await waitFor(() => processExists(-pgid), 5000, "the guard's group");
    // The server itself has started in the guard's group (more than the guard alone).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    parent.kill("SIGKILL");
    await waitFor(
      () => !processExists(-pgid),
      10_000,
      "the server's group ending after its parent's SIGKILL",
    );
  });

  it("a hub stops a server left idle, and starts it again when asked", async () => {
    const hub = new McpHub(300);
    const events = { onLost: () => {}, onToolsChanged: () => {} };
    const { connection } = await hub.open("s1", "every", everythingStdio(), events);
    const pgid = connection.pgid!;
    await waitFor(() => !hub.isOpen("s1", "every"), 10_000, "the idle server stopping");
    await waitFor(() => !processExists(-pgid), 10_000, "its group ending");
    const reopened = await hub.open("s1", "every", everythingStdio(), events);
    expect(reopened.fresh).toBe(true);
    await hub.stopAll();
    expect(hub.listGroups()).toEqual([]);
  });
});
