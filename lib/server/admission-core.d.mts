export const DEFAULT_MAX_IN_FLIGHT: number;
export function readMaxInFlight(text: string | undefined): number;
export function isSheddable(request: { pathname: string; accept: string | undefined }): boolean;
export interface Admission {
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** A `leave` to call once the request is done, or null when it must be turned away. */
  enter(): (() => void) | null;
}
export function createAdmission(maxInFlight: number): Admission;
export function busyMessage(maxInFlight: number): string;
export const LAG_SAMPLE_MS: number;
export interface Shedder {
  /** The share of requests admitted now, 0–1. */
  readonly share: number;
  sample(lagMs: number, cpuShare?: number): void;
  admit(now?: { overdueMs?: number; readCpuShare?: () => number }): boolean;
}
export function createShedder(options?: {
  window?: number;
  targetMs?: number;
  minArrivals?: number;
  minCpuShare?: number;
  minShare?: number;
  recovery?: number;
}): Shedder;
