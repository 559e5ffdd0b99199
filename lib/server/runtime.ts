import "server-only";
import { createRuntime, type Runtime, type SecretLister } from "@/lib/agent/runtime";
import { warmTokenizer } from "@/lib/agent/tokens";
import type { Clock } from "@/lib/clock/types";
import { loadServerConfig, type ServerConfig } from "./config";
import { listProviderKeys, readProviderKey } from "./keys";
import { readOfferedMcpServers } from "./mcp-offered";
import { resolveToken } from "./token";
import packageJson from "@/package.json";

/**
 * The composition root: lib/agent's runtime made of this server's config, key store and launch
 * token (docs/architecture.md, "Layers and who may import whom": lib/agent reads none of them).
 */

const KEY = Symbol.for("toolscope.runtime");
type Holder = { [KEY]?: Runtime };

/**
 * The process-wide runtime. Next.js may load a module once per route bundle, so the singleton
 * lives on `globalThis` (docs/architecture.md, "Persistence and transport"). On first use it
 * marks runs that were live when the process died as interrupted.
 */
export function getRuntime(): Runtime {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    holder[KEY] = createServerRuntime(loadServerConfig());
    closeStreamsOnShutdown(holder[KEY]);
    // Right after the request that started the server's runtime, not in the first run.
    setImmediate(warmTokenizer);
  }
  return holder[KEY];
}

/** Replaces the process-wide runtime (tests). */
export function setRuntime(runtime: Runtime | undefined): void {
  (globalThis as Holder)[KEY] = runtime;
}

/** A runtime on `config`'s data dir, with its keys (environment, then settings page) and token. */
export function createServerRuntime(config: ServerConfig, clock?: Clock): Runtime {
  return createRuntime({
    dataDir: config.dataDir,
    secrets: listServerSecrets(config),
    readKey: (provider) => readProviderKey(provider, config),
    offeredMcpServers: () => readOfferedMcpServers(),
    ...(clock ? { clock } : {}),
    ...(config.otlp ? { otlp: config.otlp } : {}),
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    version: packageJson.version,
  });
}

/**
 * Every secret the server holds, read on each call: the provider keys from the environment and
 * the settings page (a key entered later counts from then on), the launch token, and the OTLP
 * export's header values (a hosted backend's key).
 */
export function listServerSecrets(config: ServerConfig = loadServerConfig()): SecretLister {
  const otlpHeaders = Object.values(config.otlp?.headers ?? {});
  // The same array while nothing changed, so the redactor can keep what it derived from it.
  let last: { keys: readonly string[]; token: string; secrets: readonly string[] } | null = null;
  return () => {
    // The provider keys include the OpenAI-compatible upstream's (environment and settings page).
    const keys = listProviderKeys(config);
    const token = resolveToken(config);
    if (last?.keys !== keys || last.token !== token)
      last = { keys, token, secrets: Object.freeze([...keys, token, ...otlpHeaders]) };
    return last.secrets;
  };
}

/**
 * Next's graceful shutdown waits for every open connection, and an event stream never ends by
 * itself: on SIGTERM or SIGINT, end them all (browsers reconnect to the next server with
 * `Last-Event-ID`). A live run is left to the restart's recovery, which marks it interrupted.
 * Every MCP server goes too: asked to stop at the signal, and its process group killed outright
 * as the process exits, however it exits (a SIGKILL of this process is the guard's to see:
 * lib/mcp/stdio-transport.ts).
 */
function closeStreamsOnShutdown(runtime: Runtime): void {
  const closeAll = () => {
    for (const close of runtime.openStreams) close();
    void runtime.otlp?.stop().catch(() => {});
    void runtime.mcp.stopAll();
  };
  process.once("exit", () => runtime.mcp.killAllNow());
  process.once("SIGTERM", closeAll);
  process.once("SIGINT", closeAll);
}
