import "server-only";
import type { CaptureView, UpstreamStatus } from "@/lib/contract/capture";
import type { Clock } from "@/lib/clock/types";
import { loadServerConfig, type ServerConfig } from "./config";
import { listUpstreams, readDefaultUpstream, writeDefaultUpstream } from "./capture-upstreams";

/** `GET /api/capture`: the base URLs to give a client (on the `Host` it reached us by), the default and every upstream. */
export function describeCapture(
  host: string,
  clock: Clock,
  config: ServerConfig = loadServerConfig(),
): CaptureView {
  const origin = `http://${host}`;
  const upstreams = listUpstreams(clock, config).map((upstream): UpstreamStatus => ({
    name: upstream.name,
    kind: upstream.kind,
    ...(upstream.baseURL ? { baseURL: upstream.baseURL } : {}),
    ready: upstream.ready,
    ...(upstream.reason ? { reason: upstream.reason } : {}),
    formats: [...upstream.formats],
  }));
  return {
    endpoints: { anthropic: `${origin}/capture/anthropic`, openai: `${origin}/capture/openai/v1` },
    defaultUpstream: readDefaultUpstream(config),
    upstreams,
  };
}

/** Whether `name` is an upstream this server has. */
export function isKnownUpstream(
  name: string,
  clock: Clock,
  config: ServerConfig = loadServerConfig(),
): boolean {
  return listUpstreams(clock, config).some((upstream) => upstream.name === name);
}

export { writeDefaultUpstream };
