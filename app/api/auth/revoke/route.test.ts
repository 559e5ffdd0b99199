import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { issueAuthCookie, isRequestAuthenticated } from "@/lib/server/auth";
import { parseServerConfig } from "@/lib/server/config";
import { stubProxyEnvironment } from "@/lib/server/testing/proxy-harness";
import { POST } from "./route";

let cleanUp: () => void;
beforeEach(() => (cleanUp = stubProxyEnvironment()));
afterEach(() => cleanUp());

describe("POST /api/auth/revoke", () => {
  it("revokes every cookie issued before it and gives the caller a fresh one that works", async () => {
    const config = parseServerConfig(process.env);
    const old = `toolscope_3000=${issueAuthCookie(config, Date.now() - 60_000)}`;
    expect(isRequestAuthenticated(new Headers({ cookie: old }), config)).toBe(true);

    const response = await POST(
      new Request("http://127.0.0.1:3000/api/auth/revoke", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revokedBefore: expect.any(Number) });
    expect(isRequestAuthenticated(new Headers({ cookie: old }), config)).toBe(false);
    const fresh = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(fresh).toMatch(/^toolscope_3000=\d+\./);
    expect(isRequestAuthenticated(new Headers({ cookie: fresh }), config)).toBe(true);
    expect(response.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Strict$/);
  });
});
