import "server-only";
import { BUILTIN_HOOKS } from "@/lib/pipeline/policy";
import type { PreflightHook } from "@/lib/pipeline/policy/types";
import { systemClock } from "@/lib/clock/system-clock";
import { createProviderFactories, type ProviderFactories } from "@/lib/providers/registry";
import type { Clock } from "@/lib/clock/types";
import { loadServerConfig, type ServerConfig } from "@/lib/server/config";
import { listProviderKeys, readProviderKey } from "@/lib/server/keys";
import { resolveToken } from "@/lib/server/token";
import { EventBus } from "@/lib/store/bus";
import { openDatabase } from "@/lib/store/db";
import { createRedactor } from "@/lib/store/redact";
import { EventStore } from "@/lib/store/store";
import type { RunGate } from "./gate";
import { recoverInterruptedRuns } from "./recover";

export interface LiveRun {
  runId: string;
  controller: AbortController;
  done: Promise<void>;
  gate: RunGate;
}

/** One per process: the database handle, the event bus, the live runs and the model backends. */
export interface Runtime {
  config: ServerConfig;
  store: EventStore;
  bus: EventBus;
  clock: Clock;
  /** Live runs by session id. */
  runs: Map<string, LiveRun>;
  /** Model backends by provider kind; tests may register their own. */
  providers: ProviderFactories;
  /** Preflight hooks by id: the built-ins; tests may register their own. */
  hooks: Map<string, PreflightHook>;
  /** Closers of the open event streams, so a shutdown does not wait on them forever. */
  openStreams: Set<() => void>;
}

const KEY = Symbol.for("toolscope.runtime");
type Holder = { [KEY]?: Runtime };

/**
 * The process-wide runtime. Next.js may load a module once per route bundle, so the singleton
 * lives on `globalThis`. On first use it marks runs that were live when the process died as
 * interrupted.
 */
export function getRuntime(): Runtime {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    holder[KEY] = createRuntime(loadServerConfig());
    closeStreamsOnShutdown(holder[KEY]);
  }
  return holder[KEY];
}

export function createRuntime(config: ServerConfig, clock: Clock = systemClock): Runtime {
  const bus = new EventBus();
  const redact = createRedactor(() => [...listProviderKeys(config), resolveToken(config)]);
  const store = new EventStore(openDatabase(config.dataDir), bus, redact, () => clock.now());
  const runtime: Runtime = {
    config,
    store,
    bus,
    clock,
    runs: new Map(),
    providers: createProviderFactories({ readKey: (provider) => readProviderKey(provider, config) }),
    hooks: new Map(BUILTIN_HOOKS),
    openStreams: new Set(),
  };
  recoverInterruptedRuns(store);
  return runtime;
}

/** Replaces the process-wide runtime (tests). */
export function setRuntime(runtime: Runtime | undefined): void {
  (globalThis as Holder)[KEY] = runtime;
}

/**
 * Next's graceful shutdown waits for every open connection, and an event stream never ends by
 * itself: on SIGTERM or SIGINT, end them all (browsers reconnect to the next server with
 * `Last-Event-ID`). A live run is left to the restart's recovery, which marks it interrupted.
 */
function closeStreamsOnShutdown(runtime: Runtime): void {
  const closeAll = () => {
    for (const close of runtime.openStreams) close();
  };
  process.once("SIGTERM", closeAll);
  process.once("SIGINT", closeAll);
}
