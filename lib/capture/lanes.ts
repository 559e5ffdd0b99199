/**
 * One request at a time per capture session (docs/api.md, "Capture"): a request placed in a
 * session that has one in flight waits for that one's end (its reply's last event recorded), so
 * a session's turns, `seq`s and pairing never interleave. Requests of different sessions — a
 * sub-agent's own conversation — run side by side.
 */
import "server-only";
import type { Runtime } from "@/lib/agent/runtime";

interface Lane {
  /** Resolves when the request in flight ends. */
  idle: Promise<void>;
  /** How many requests wait for it. */
  waiting: number;
}

const LANES = new WeakMap<Runtime, Map<string, Lane>>();

function listLanes(runtime: Runtime): Map<string, Lane> {
  let lanes = LANES.get(runtime);
  if (!lanes) {
    lanes = new Map();
    LANES.set(runtime, lanes);
  }
  return lanes;
}

/**
 * Takes session `id`'s lane when it is free: returns the function that frees it (idempotent),
 * or `null` when a request is in flight there (then wait with {@link waitForLane}).
 */
export function takeLane(runtime: Runtime, id: string): (() => void) | null {
  const lanes = listLanes(runtime);
  if (lanes.has(id)) return null;
  let free: () => void = () => undefined;
  const lane: Lane = { idle: new Promise<void>((resolve) => (free = resolve)), waiting: 0 };
  lanes.set(id, lane);
  return () => {
    if (lanes.get(id) === lane) lanes.delete(id);
    free();
  };
}

/** Resolves `true` once session `id` has no request in flight, `false` if `signal` aborts first. */
export async function waitForLane(runtime: Runtime, id: string, signal: AbortSignal): Promise<boolean> {
  const lane = listLanes(runtime).get(id);
  if (!lane) return !signal.aborted;
  if (signal.aborted) return false;
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<boolean>((resolve) => {
    onAbort = () => resolve(false);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  lane.waiting++;
  try {
    return await Promise.race([lane.idle.then(() => true), aborted]);
  } finally {
    lane.waiting--;
    signal.removeEventListener("abort", onAbort);
  }
}

/** How many requests wait for session `id`'s request in flight (0 when there is none). */
export function countWaiting(runtime: Runtime, id: string): number {
  return listLanes(runtime).get(id)?.waiting ?? 0;
}
