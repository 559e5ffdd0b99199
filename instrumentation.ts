/**
 * Runs once when the Next server starts, in its process (Next's instrumentation hook). It hands
 * the front server (scripts/server.mjs, plain JavaScript outside Next's bundle) the capture
 * endpoints' Node-level handler (lib/server/capture-node.ts) on `globalThis`; without the front
 * server (`npm run dev`) nothing calls it and the route handlers serve the capture.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installCaptureHandler } = await import("./lib/server/capture-node");
  installCaptureHandler();
}
