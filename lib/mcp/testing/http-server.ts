import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { EVERYTHING_ENTRY, waitFor } from "./servers";

/** A free loopback port, asked of the system (tests start a server on it at once). */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** server-everything over Streamable HTTP (`/mcp`) or SSE (`/sse`) on a free port; `stop()` ends it. */
export async function startEverythingHttp(
  transport: "streamableHttp" | "sse" = "streamableHttp",
): Promise<{ url: string; stop(): Promise<void>; process: ChildProcess }> {
  const port = await findFreePort();
  const child: ChildProcess = spawn(process.execPath, [EVERYTHING_ENTRY, transport], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let said = "";
  child.stderr!.on("data", (chunk: Buffer) => (said += chunk.toString("utf8")));
  await waitFor(() => /listening|running/i.test(said), 20_000, "server-everything listening");
  return {
    url: `http://127.0.0.1:${port}/${transport === "sse" ? "sse" : "mcp"}`,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
}
