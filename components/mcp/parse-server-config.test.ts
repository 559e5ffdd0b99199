import { describe, expect, it } from "vitest";
import { formatServers, parseServerConfig } from "./parse-server-config";

describe("parseServerConfig reads what people paste from Claude Code and Claude Desktop", () => {
  it("reads a whole Claude Desktop config: stdio entries without a type", () => {
    const text = JSON.stringify({
      mcpServers: {
        filesystem: {
          command: "npx",
          args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp/x"],
          env: { DEBUG: "1" },
        },
      },
      globalShortcut: "Ctrl+Space",
    });
    expect(parseServerConfig(text)).toEqual({
      ok: true,
      servers: {
        filesystem: {
          type: "stdio",
          command: "npx",
          args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp/x"],
          env: { DEBUG: "1" },
        },
      },
    });
  });

  it("reads Claude Code's typed entries: stdio, http and sse, dropping fields MCP does not know", () => {
    const text = JSON.stringify({
      mcpServers: {
        local: { type: "stdio", command: "node", args: ["server.js"], cwd: "/srv" },
        remote: { type: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer x" } },
        old: { type: "sse", url: "http://127.0.0.1:9000/sse", extra: true },
      },
    });
    expect(parseServerConfig(text)).toEqual({
      ok: true,
      servers: {
        local: { type: "stdio", command: "node", args: ["server.js"], cwd: "/srv" },
        remote: { type: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer x" } },
        old: { type: "sse", url: "http://127.0.0.1:9000/sse" },
      },
    });
  });

  it("reads named entries without the mcpServers wrapper, and one bare entry under the fallback name", () => {
    expect(parseServerConfig('{ "fs": { "command": "node" } }')).toEqual({
      ok: true,
      servers: { fs: { type: "stdio", command: "node" } },
    });
    expect(parseServerConfig('{ "url": "http://127.0.0.1:1/mcp" }', "everything")).toEqual({
      ok: true,
      servers: { everything: { type: "http", url: "http://127.0.0.1:1/mcp" } },
    });
  });

  it("names the path of what is wrong", () => {
    expect(parseServerConfig("")).toMatchObject({ ok: false, path: "" });
    expect(parseServerConfig("{ nope")).toMatchObject({ ok: false, path: "" });
    expect(parseServerConfig("[]")).toMatchObject({ ok: false, error: "Expected a JSON object.", path: "" });
    expect(parseServerConfig('{ "mcpServers": [] }')).toMatchObject({ ok: false, path: "/mcpServers" });
    expect(parseServerConfig('{ "mcpServers": {} }')).toMatchObject({ ok: false, path: "/mcpServers" });
    expect(parseServerConfig('{ "mcpServers": { "fs": { "args": [] } } }')).toMatchObject({
      ok: false,
      path: "/mcpServers/fs/command",
    });
    expect(parseServerConfig('{ "fs": { "command": "node", "args": ["a", 2] } }')).toMatchObject({
      ok: false,
      path: "/fs/args/1",
    });
    expect(parseServerConfig('{ "fs": { "command": "node", "env": { "A/B": 1 } } }')).toMatchObject({
      ok: false,
      path: "/fs/env/A~1B",
    });
    expect(parseServerConfig('{ "x": { "type": "websocket", "url": "ws://a" } }')).toMatchObject({
      ok: false,
      path: "/x/type",
    });
    expect(parseServerConfig('{ "x": { "type": "http", "url": "file:///etc" } }')).toMatchObject({
      ok: false,
      path: "/x/url",
    });
    expect(parseServerConfig('{ "has space": { "command": "node" } }')).toMatchObject({
      ok: false,
      path: "/has space",
    });
    expect(parseServerConfig('{ "fs": "node" }')).toMatchObject({ ok: false, path: "/fs" });
  });

  it("formats servers back as Claude Code's shape, which reads back the same", () => {
    const servers = { fs: { type: "stdio" as const, command: "node", args: ["a"] } };
    expect(parseServerConfig(formatServers(servers))).toEqual({ ok: true, servers });
  });
});
