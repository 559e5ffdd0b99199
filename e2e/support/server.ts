import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

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
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Toolscope ready: (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      const readyUrl = match[1]!;
      const url = new URL(readyUrl);
      resolve({
        readyUrl,
        origin: url.origin,
        token: url.searchParams.get("token") ?? "",
        output: () => output,
        stop: () => stopProcess(child),
      });
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.on("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
