import fs from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";

/** The V8 CPU profile format (`--cpu-prof`, the inspector's and Chrome's `Profiler.stop`). */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** One function's share of the sampled time. */
export interface ProfileLine {
  function: string;
  where: string;
  /** Time in the function itself, % of the busy (non-idle) samples. */
  selfPercent: number;
  /** Time in the function and everything it called, % of the busy samples. */
  totalPercent: number;
}

export const PROFILES_DIR = path.join(process.cwd(), "bench", "profiles");

/** Runs `work` under this process's sampling profiler; saves the profile as bench/profiles/`name`.cpuprofile. */
export async function profileCpu<T>(
  name: string,
  work: () => Promise<T>,
): Promise<{ result: T; profile: CpuProfile }> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 50 });
  await session.post("Profiler.start");
  let result: T;
  let profile: CpuProfile;
  try {
    result = await work();
  } finally {
    ({ profile } = (await session.post("Profiler.stop")) as { profile: CpuProfile });
    session.disconnect();
  }
  saveProfile(name, profile);
  return { result, profile };
}

/** Writes a profile as bench/profiles/`name`.cpuprofile (open it in Chrome DevTools or speedscope). */
export function saveProfile(name: string, profile: CpuProfile): string {
  fs.mkdirSync(PROFILES_DIR, { recursive: true });
  const file = path.join(PROFILES_DIR, `${name}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  return file;
}

const IDLE = new Set(["(idle)", "(program)"]);

/**
 * The functions that took the most of the busy time, by self time and by total (inclusive)
 * time: each sample counts once for every distinct function on its stack. `rename` maps a
 * frame to a readable place (a source map lookup for minified browser code).
 */
export function summarizeProfile(
  profile: CpuProfile,
  options: { top?: number; rename?: (frame: CpuProfile["nodes"][number]["callFrame"]) => string } = {},
): { busyMs: number; bySelf: ProfileLine[]; byTotal: ProfileLine[] } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (id: number) => {
    const frame = byId.get(id)!.callFrame;
    const where = options.rename?.(frame) ?? `${shortenUrl(frame.url)}:${frame.lineNumber + 1}`;
    return `${frame.functionName || "(anonymous)"}\u0000${where}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index + 1] ?? 0;
    if (IDLE.has(byId.get(id)!.callFrame.functionName)) return;
    busy += delta;
    self.set(keyOf(id), (self.get(keyOf(id)) ?? 0) + delta);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = keyOf(at);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + delta);
    }
  });
  const lines = (source: Map<string, number>) =>
    [...source.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, options.top ?? 20)
      .map(([key]) => {
        const [fn, where] = key.split("\u0000") as [string, string];
        const percent = (map: Map<string, number>) => Math.round(((map.get(key) ?? 0) / busy) * 1000) / 10;
        return { function: fn, where, selfPercent: percent(self), totalPercent: percent(total) };
      });
  return { busyMs: Math.round(busy / 1000), bySelf: lines(self), byTotal: lines(total) };
}

function shortenUrl(url: string): string {
  const root = process.cwd();
  return (
    url
      .replace(/^file:\/\//, "")
      .replace(`${root}/`, "")
      .replace(/\?.*$/, "") || "(native)"
  );
}
