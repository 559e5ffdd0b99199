import "server-only";
import { BUILTIN_HOOKS } from "@/lib/pipeline/policy";
import type { PreflightHook } from "@/lib/pipeline/policy/types";
import { systemClock } from "@/lib/clock/system-clock";
import type { KeyReader } from "@/lib/providers/provider-checks";
import { createProviderFactories, type ProviderFactories } from "@/lib/providers/registry";
import type { Clock } from "@/lib/clock/types";
import { EventBus } from "@/lib/store/bus";
import { openDatabase } from "@/lib/store/db";
import { createRedactor } from "@/lib/store/redact";
import { PostgresEventStore } from "@/lib/store/pg/store";
import { SqliteEventStore, type EventStore } from "@/lib/store/store";
import type { RunGate } from "./gate";
import { startLiveExport, type LiveExport } from "./otlp/live";
import { createResource } from "./otlp/readable";
import type { OtlpSettings } from "./otlp/settings";
import { watchLeases } from "./leases";
import { recoverInterruptedRuns } from "./recover";
import { answerControls } from "./remote-control";
import { DEFAULT_IDLE_MS, McpHub } from "@/lib/mcp/hub";
import type { McpServerConfig } from "@/lib/trace/config";

/** The servers `TOOLSCOPE_MCP_CONFIG` offers every new session, read by lib/server. */
export interface OfferedMcpServers {
  mcpServers: Record<string, McpServerConfig>;
  /** The file named, or null when none is. */
  file: string | null;
  /** Why the file could not be used (it is then offering nothing). */
  error?: string;
}

const NO_OFFERED_SERVERS: OfferedMcpServers = Object.freeze({ mcpServers: {}, file: null });

export interface LiveRun {
  runId: string;
  controller: AbortController;
  done: Promise<void>;
  gate: RunGate;
}

/**
 * Every secret the server holds now (provider keys, the launch token), read on each call: a key
 * entered in the settings page counts from then on. Nothing in the list ever enters the log.
 */
export type SecretLister = () => readonly (string | null | undefined)[];

/** One per process: the database handle, the event bus, the live runs and the model backends. */
export interface Runtime {
  store: EventStore;
  bus: EventBus;
  clock: Clock;
  /** The secrets the store redacts on append; an export is passed through them once more. */
  secrets: SecretLister;
  /** Live runs by session id; ask `findLiveRun` (live-run.ts) whether one is live. */
  runs: Map<string, LiveRun>;
  /** Model backends by provider kind; tests may register their own. */
  providers: ProviderFactories;
  /** Preflight hooks by id: the built-ins; tests may register their own. */
  hooks: Map<string, PreflightHook>;
  /** Closers of the open event streams, so a shutdown does not wait on them forever. */
  openStreams: Set<() => void>;
  /** The live OTLP export, when an endpoint is configured (`TOOLSCOPE_OTLP_ENDPOINT`). */
  otlp: LiveExport | null;
  /** Toolscope's version, named by exported spans. */
  version: string;
  /** The MCP servers sessions have started (lib/mcp). */
  mcp: McpHub;
  /** The MCP servers offered to every new session that names none. */
  offeredMcpServers(): OfferedMcpServers;
}

/** What a runtime is made of, handed in by whoever composes it (lib/server/runtime.ts in the app). */
export interface RuntimeOptions {
  /** The directory of the database. */
  dataDir: string;
  /** A Postgres database shared with other instances instead of SQLite in `dataDir` (`postgres://…`). */
  databaseUrl?: string;
  secrets: SecretLister;
  /** The key each hosted provider runs with, read when a provider is created. */
  readKey: KeyReader;
  clock?: Clock;
  /** Export every session over OTLP/HTTP as it happens. */
  otlp?: OtlpSettings;
  version?: string;
  /** Default: none offered. */
  offeredMcpServers?: () => OfferedMcpServers;
  /** How long an unused MCP server keeps running; default 5 minutes. */
  mcpIdleMs?: number;
}

/**
 * A runtime on `dataDir`'s database. It first marks runs that were live when the last process
 * died as interrupted (docs/architecture.md, "Persistence and transport").
 */
export function createRuntime({
  dataDir,
  secrets,
  readKey,
  clock = systemClock,
  otlp,
  version = "0.0.0",
  offeredMcpServers = () => NO_OFFERED_SERVERS,
  mcpIdleMs = DEFAULT_IDLE_MS,
  databaseUrl,
}: RuntimeOptions): Runtime {
  const bus = new EventBus();
  const redact = createRedactor(secrets);
  const now = () => clock.now();
  const store = databaseUrl
    ? new PostgresEventStore(databaseUrl, bus, redact, now)
    : new SqliteEventStore(openDatabase(dataDir), bus, redact, now);
  const runtime: Runtime = {
    store,
    bus,
    clock,
    secrets,
    runs: new Map(),
    providers: createProviderFactories({ readKey }),
    hooks: new Map(BUILTIN_HOOKS),
    openStreams: new Set(),
    otlp: otlp ? startLiveExport({ store, bus, secrets, resource: createResource(version) }, otlp) : null,
    version,
    mcp: new McpHub(mcpIdleMs),
    offeredMcpServers,
  };
  recoverInterruptedRuns(store);
  watchLeases(runtime);
  answerControls(runtime);
  return runtime;
}
