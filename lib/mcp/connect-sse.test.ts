import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectServer } from "./connect";
import { startEverythingHttp } from "./testing/http-server";
import { waitFor } from "./testing/servers";

let sse: Awaited<ReturnType<typeof startEverythingHttp>>;
beforeAll(async () => {
  sse = await startEverythingHttp("sse");
}, 60_000);
afterAll(async () => {
  await sse.stop();
});

describe("connectServer over SSE (the real server-everything, `sse`)", () => {
  it("initializes, lists the tools, calls one with progress, and cancels a long one on the wire", async () => {
    const wire: string[] = [];
    const connection = await connectServer(
      { type: "sse", url: sse.url },
      {
        onWire: (direction, message) =>
          wire.push(`${direction} ${"method" in message ? message.method : "result"}`),
      },
    );
    try {
      expect(connection.pgid).toBeNull();
      expect(connection.serverInfo.name).toBeTruthy();
      expect(connection.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(wire.slice(0, 3)).toEqual(["out initialize", "in result", "out notifications/initialized"]);
      const names = (await connection.listTools()).map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(["echo", "get-sum", "trigger-long-running-operation"]));
      const echoed = await connection.callTool(
        "echo",
        { message: "over sse" },
        { signal: new AbortController().signal, progressToken: "sse-1" },
      );
      expect(JSON.stringify(echoed.content)).toContain("over sse");

      const stop = new AbortController();
      const long = connection.callTool(
        "trigger-long-running-operation",
        { duration: 30, steps: 30 },
        { signal: stop.signal, progressToken: "sse-2" },
      );
      await waitFor(() => wire.includes("in notifications/progress"), 20_000, "progress over SSE");
      expect(wire).toContain("in notifications/progress");
      stop.abort(new Error("enough"));
      await expect(long).rejects.toThrow();
      expect(wire.at(-1)).toBe("out notifications/cancelled");
    } finally {
      await connection.close();
    }
  }, 60_000);
});
