import { afterEach, describe, expect, it } from "vitest";
import { connectServer, McpConnectError, type McpConnection } from "./connect";
import { everythingStdio, processExists, waitFor } from "./testing/servers";

const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

describe("connectServer over stdio (the real server-everything)", () => {
  it("initializes, lists every tool with annotations, and its process group ends on close", async () => {
    const wire: string[] = [];
    const connection = await connectServer(everythingStdio(), {
      onWire: (direction, message) =>
        wire.push(`${direction} ${"method" in message ? message.method : "result"}`),
    });
    open.push(connection);
    expect(connection.serverInfo.name).toBeTruthy();
    expect(connection.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(connection.capabilities).toHaveProperty("tools");
    const tools = await connection.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["echo", "get-sum", "trigger-long-running-operation"]));
    expect(tools.find((t) => t.name === "get-structured-content")?.outputSchema).toBeTruthy();
    expect(wire.slice(0, 3)).toEqual(["out initialize", "in result", "out notifications/initialized"]);
    const pgid = connection.pgid!;
    expect(processExists(-pgid)).toBe(true);
    await connection.close();
    await waitFor(() => !processExists(-pgid), 5000, "the server's process group ending");
  });

  it("a command that exits at once fails fast with a clear error and its stderr", async () => {
    const started = Date.now();
    const failure = await connectServer({
      type: "stdio",
      command: "node",
      args: ["-e", "process.stderr.write('no config given\\n'); process.exit(3)"],
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpConnectError);
    expect((failure as McpConnectError).message).toMatch(/exited with code 3/);
    expect((failure as McpConnectError).stderr).toContain("no config given");
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("a command that does not exist fails with the reason", async () => {
    const failure = await connectServer({ type: "stdio", command: "toolscope-no-such-command" }).catch(
      (error: unknown) => error as McpConnectError,
    );
    expect(failure).toBeInstanceOf(McpConnectError);
    expect(failure.stderr).toMatch(/could not start "toolscope-no-such-command": spawn .*ENOENT/);
  });

  it("the server gets only the env it is given, plus PATH", async () => {
    const connection = await connectServer({
      ...everythingStdio(),
      env: { TOOLSCOPE_GIVEN: "yes" },
    } as never);
    open.push(connection);
    const result = await connection.callTool(
      "get-env",
      {},
      {
        signal: new AbortController().signal,
        progressToken: "t1",
      },
    );
    const text = (result.content[0] as { text: string }).text;
    const env = JSON.parse(text) as Record<string, string>;
    expect(env.TOOLSCOPE_GIVEN).toBe("yes");
    expect(env.PATH).toBeTruthy();
    expect(Object.keys(env).sort()).toEqual(["PATH", "TOOLSCOPE_GIVEN"]);
  });
});
