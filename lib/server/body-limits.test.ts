import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { CAPTURE_BODY_LIMIT_BYTES } from "@/lib/server/capture-core.mjs";
import { IMPORT_BODY_LIMIT_BYTES } from "@/lib/server/import-body";
import { DEFAULT_BODY_LIMIT_BYTES } from "@/lib/server/body";

/**
 * Next.js buffers every request body that passes proxy.ts and silently cuts it at
 * `experimental.proxyClientMaxBodySize` (10 MB by default). Found over real HTTP by
 * e2e/security-bodies.spec.ts: a 15 MiB import reached its route cut at 10 MiB. Next drops the
 * whole chunk that crosses the cut, so the cut must lie a chunk or more above every route's own
 * limit for a route always to see that a body is too large (socket chunks are at most 64 KiB).
 */
describe("the proxy's body buffer", () => {
  it("is larger than the largest body limit of any route", async () => {
    const file = pathToFileURL(path.join(process.cwd(), "next.config.mjs")).href;
    const config = (
      (await import(/* @vite-ignore */ file)) as {
        default: { experimental?: { proxyClientMaxBodySize?: unknown } };
      }
    ).default;
    const buffer = config.experimental?.proxyClientMaxBodySize;
    expect(buffer).toBe(CAPTURE_BODY_LIMIT_BYTES + 1024 * 1024);
    expect(CAPTURE_BODY_LIMIT_BYTES).toBeGreaterThan(IMPORT_BODY_LIMIT_BYTES);
    expect(IMPORT_BODY_LIMIT_BYTES).toBeGreaterThan(DEFAULT_BODY_LIMIT_BYTES);
  });
});
