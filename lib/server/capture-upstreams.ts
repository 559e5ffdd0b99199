import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { Upstream, UpstreamRequest, UpstreamTable } from "@/lib/capture/types";
import type { Clock } from "@/lib/clock/types";
import { isLocalBaseURL } from "@/lib/providers/provider-checks";
import { createOfflineFetch } from "@/lib/providers/offline/fetch";
import { loadServerConfig, type ServerConfig } from "./config";
import { readProviderDefaults, readProviderKey, writeJsonAtomic } from "./keys";

/**
 * The capture upstreams this server has (docs/api.md, "Capture"): the offline model, always; the
 * real providers with the keys Toolscope holds (settings page or environment, lib/server/keys.ts);
 * an OpenAI-compatible server at the base URL set for OpenAI Chat or Responses, with its own key
 * (`TOOLSCOPE_COMPAT_API_KEY`, else the one entered on the Settings page) or none — never the OpenAI key, which is for api.openai.com only.
 * The client's own key is never among what an upstream sends: lib/server removed it before the
 * use case ran.
 */

/** The file in the data dir holding the default upstream. */
export const CAPTURE_SETTINGS_FILE_NAME = "capture.json";
export const DEFAULT_UPSTREAM = "offline";
const ANTHROPIC_URL = "https://api.anthropic.com";
const OPENAI_URL = "https://api.openai.com/v1";

/** Request headers a client sends that are never passed upstream. */
const UNFORWARDED = new Set([
  "host",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "accept-encoding",
  "origin",
  "referer",
  "cookie",
  "authorization",
  "x-api-key",
  "proxy-authorization",
]);

/** The client's headers for the upstream: hop-by-hop, credentials and Toolscope's own removed, no compression. */
function forwardHeaders(headers: Record<string, string>, credential: Record<string, string>): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers))
    if (!UNFORWARDED.has(name) && !name.startsWith("x-toolscope-")) out.set(name, value);
  out.set("accept-encoding", "identity");
  for (const [name, value] of Object.entries(credential)) out.set(name, value);
  return out;
}

/** The upstream's URL for a capture path: an OpenAI base URL already ends in `/v1`. */
function joinUrl(baseURL: string, request: UpstreamRequest, stripV1: boolean): string {
  const pathPart = stripV1 && request.path.startsWith("/v1/") ? request.path.slice(3) : request.path;
  return `${baseURL.replace(/\/+$/, "")}${pathPart}${request.search}`;
}

function sendOver(baseURL: string, stripV1: boolean, credential: Record<string, string>) {
  return (request: UpstreamRequest) =>
    fetch(joinUrl(baseURL, request, stripV1), {
      method: "POST",
      headers: forwardHeaders(request.headers, credential),
      body: request.body,
      signal: request.signal,
    });
}

/** The default upstream saved by `PUT /api/capture`, or `offline`. */
export function readDefaultUpstream(config: Pick<ServerConfig, "dataDir"> = loadServerConfig()): string {
  try {
    const data: unknown = JSON.parse(
      fs.readFileSync(path.join(config.dataDir, CAPTURE_SETTINGS_FILE_NAME), "utf8"),
    );
    const name = (data as { defaultUpstream?: unknown } | null)?.defaultUpstream;
    return typeof name === "string" && name !== "" ? name : DEFAULT_UPSTREAM;
  } catch {
    return DEFAULT_UPSTREAM;
  }
}

/** Saves the default upstream. @throws Error from the file system when it cannot be written. */
export function writeDefaultUpstream(
  name: string,
  config: Pick<ServerConfig, "dataDir"> = loadServerConfig(),
): void {
  writeJsonAtomic(path.join(config.dataDir, CAPTURE_SETTINGS_FILE_NAME), { defaultUpstream: name });
}

/** Every upstream, as configured now (keys and base URLs are read on each call). */
export function listUpstreams(clock: Clock, config: ServerConfig = loadServerConfig()): Upstream[] {
  const offline = createOfflineFetch({ clock, pace: 0 });
  const anthropicKey = readProviderKey("anthropic", config);
  const openaiKey = readProviderKey("openai", config);
  const compatibleKey = readProviderKey("openai-compatible", config);
  const anthropicURL = readProviderDefaults("anthropic", config).baseURL ?? ANTHROPIC_URL;
  const compatibleURL =
    readProviderDefaults("openai-chat", config).baseURL ??
    readProviderDefaults("openai-responses", config).baseURL;
  const anthropicReady = anthropicKey !== null || isLocalBaseURL(anthropicURL);
  const upstreams: Upstream[] = [
    {
      name: "offline",
      kind: "offline",
      ready: true,
      formats: ["anthropic", "openai-chat", "openai-responses"],
      send: (request) =>
        offline(
          `http://offline.invalid${request.path}${request.search}`,
          {
            method: "POST",
            body: request.body,
            signal: request.signal,
          },
          {
            turn: request.turn,
            attempt: 1,
            ...(request.promptCache ? { promptCache: request.promptCache } : {}),
          },
        ),
    },
    {
      name: "anthropic",
      kind: "anthropic",
      baseURL: anthropicURL,
      ready: anthropicReady,
      ...(anthropicReady
        ? {}
        : { reason: "no Anthropic key: enter one on /settings or set ANTHROPIC_API_KEY" }),
      formats: ["anthropic"],
      send: sendOver(anthropicURL, false, anthropicKey ? { "x-api-key": anthropicKey } : {}),
    },
    {
      name: "openai",
      kind: "openai",
      baseURL: OPENAI_URL,
      ready: openaiKey !== null,
      ...(openaiKey ? {} : { reason: "no OpenAI key: enter one on /settings or set OPENAI_API_KEY" }),
      formats: ["openai-chat", "openai-responses"],
      send: sendOver(OPENAI_URL, true, openaiKey ? { authorization: `Bearer ${openaiKey}` } : {}),
    },
    {
      name: "openai-compatible",
      kind: "openai-compatible",
      ...(compatibleURL ? { baseURL: compatibleURL } : {}),
      ready: compatibleURL !== undefined,
      ...(compatibleURL ? {} : { reason: "no base URL: set one for OpenAI Chat or Responses on /settings" }),
      formats: ["openai-chat", "openai-responses"],
      send: sendOver(
        compatibleURL ?? OPENAI_URL,
        true,
        compatibleKey ? { authorization: `Bearer ${compatibleKey}` } : {},
      ),
    },
  ];
  return upstreams;
}

/** The upstream table the capture use case reads: fresh on each call, so a key saved later counts. */
export function createUpstreamTable(clock: Clock, config: ServerConfig = loadServerConfig()): UpstreamTable {
  return { list: () => listUpstreams(clock, config), defaultName: () => readDefaultUpstream(config) };
}
