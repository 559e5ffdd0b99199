import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { waitForReadyLine } from "./ready-line";

export interface RunningServer {
  /** The URL `npm start` printed, token included. */
  readyUrl: string;
  origin: string;
  token: string;
  /** Everything the server printed so far, stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the app the way a person does (`node scripts/start.mjs`, which skips the build when it
 * is fresh) on its own port and data dir, and resolves with the URL it prints. Without `token`
 * the server generates one and keeps it in the data dir.
 */
export function startServer(options: {
  port: number;
  dataDir: string;
  token?: string;
  /** Extra environment for the server (e.g. `TOOLSCOPE_HOST`, a planted key). */
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    TOOLSCOPE_DATA_DIR: options.dataDir,
    ...options.env,
  };
  delete env.TOOLSCOPE_TOKEN;
  if (options.token) env.TOOLSCOPE_TOKEN = options.token;
  const child = spawn(process.execPath, [path.join("scripts", "start.mjs")], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return waitForReadyLine(child, { limitMs: 120_000 }).then(({ readyUrl, output }) => {
    const url = new URL(readyUrl);
    return {
      readyUrl,
      origin: url.origin,
      token: url.searchParams.get("token") ?? "",
      output,
      stop: () => stopProcess(child),
    };
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.on("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
