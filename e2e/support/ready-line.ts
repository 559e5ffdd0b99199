import type { ChildProcess } from "node:child_process";

/** What a started server printed: the URL of its ready line, and everything so far (live). */
export interface ReadyLine {
  readyUrl: string;
  output(): string;
}

/**
 * Resolves when the child (`node scripts/start.mjs`) prints `Toolscope ready: <url>`. Rejects
 * with everything it printed when it exits first, or when `limitMs` pass (after `onTimeout`,
 * which may kill it).
 */
export function waitForReadyLine(
  child: ChildProcess,
  options: { limitMs: number; onTimeout?: () => void },
): Promise<ReadyLine> {
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      options.onTimeout?.();
      reject(new Error(`server did not start:\n${output}`));
    }, options.limitMs);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Toolscope ready: (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({ readyUrl: match[1]!, output: () => output });
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}
