import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetServerConfigCache } from "@/lib/server/config";
import { resetTokenCache } from "@/lib/server/token";
import { POST } from "./route";

const TOKEN = "capture-key-test-token-0123456789";
let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-capture-key-"));
  vi.stubEnv("TOOLSCOPE_DATA_DIR", root);
  vi.stubEnv("TOOLSCOPE_TOKEN", TOKEN);
  resetServerConfigCache();
  resetTokenCache();
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetServerConfigCache();
  resetTokenCache();
  fs.rmSync(root, { recursive: true, force: true });
});

const post = (body: string) =>
  POST(
    new Request("http://127.0.0.1/api/capture/key", {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
    }),
  );

describe("POST /api/capture/key", () => {
  it("answers the launch token as the capture endpoints' API key, never to be cached", async () => {
    const response = await post("{}");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ apiKey: TOKEN });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("a body with anything in it is a 400 naming the field", async () => {
    const response = await post('{"token":"x"}');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { path?: string }).path).toBe("/token");
  });
});
