// Admission control for the HTTP server in front of Next (scripts/server.mjs), so that a flood
// (a script polling the sessions list 200 times a second, more than one thread can answer) is
// turned away at once with 503 and `Retry-After` instead of queueing until every answer — the
// health check's included — comes seconds late. Two rules: a bound on the requests Next works on
// at once (requests that wait on I/O: uploads, upstream calls), and shedding while the event loop
// has a standing queue (requests Next answers without waiting pile up in the socket buffers,
// where no count sees them; the loop's lateness does). Plain JavaScript so the server can use it
// without a build; types: admission-core.d.mts.

/** Requests in progress at once before others are turned away; `TOOLSCOPE_MAX_IN_FLIGHT` overrides. */
export const DEFAULT_MAX_IN_FLIGHT = 32;

/** The bound from the environment's text: a whole number ≥ 1, else an error naming the variable. */
export function readMaxInFlight(text) {
  const value = (text ?? "").trim();
  if (value === "") return DEFAULT_MAX_IN_FLIGHT;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1)
    throw new Error(
      `TOOLSCOPE_MAX_IN_FLIGHT must be a whole number of at least 1, not ${JSON.stringify(text)}.`,
    );
  return number;
}

/**
 * Whether a request may be turned away: a JSON API call (`/api/…`) — what a script floods. Never
 * the health check (it must answer while the server is busy: that is what it is for), an event
 * stream (open for as long as a page is), a page or asset (a person's own navigation), or a
 * capture request (an agent's model call, which an agent must not lose because someone else
 * floods the API).
 */
export function isSheddable({ pathname, accept }) {
  const path = pathname.toLowerCase();
  if (!path.startsWith("/api/") || path === "/api/health") return false;
  return !(accept ?? "").includes("text/event-stream");
}

/**
 * A counter of the requests in progress. `enter()` returns null when the bound is reached, else a
 * `leave` to call when the request's answer is done or its connection gone (a second call does
 * nothing, so it can listen to both).
 */
export function createAdmission(maxInFlight) {
  let inFlight = 0;
  return {
    get inFlight() {
      return inFlight;
    },
    maxInFlight,
    enter() {
      if (inFlight >= maxInFlight) return null;
      inFlight++;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        inFlight--;
      };
    },
  };
}

/** The refusal's text: what happened and what to do. */
export function busyMessage(maxInFlight) {
  return `Toolscope is busy: ${maxInFlight} requests are already in progress. Retry in a second (see Retry-After).`;
}

/** How often the server samples the event loop's lateness, in ms. */
export const LAG_SAMPLE_MS = 20;

/**
 * Sheds load while requests pile up, CoDel-style: a queue is standing when each of the last
 * `window` samples was late (the {@link LAG_SAMPLE_MS} timer fired more than `targetMs` late) with
 * the server's own work (its CPU time was at least `minCpuShare` of the sample's wall time), and
 * at least `minArrivals` sheddable requests came in meanwhile. One long task (a big import) makes
 * one late sample; a machine busy with other programs makes late samples while the server waits
 * for a CPU, which turning requests away would not shorten; a few requests pile up nothing — none
 * of them sheds anything. A flood makes every sample late, busy and crowded. While it stands, the
 * share of requests admitted halves with each sample (down to `minShare`); once it is gone, the
 * share grows back by `recovery` a sample. A backlog deep enough that one turn of the loop takes
 * seconds gets no sample for seconds, so a request also sees the timer overdue: past `targetMs`,
 * with `minArrivals` requests and the CPU share behind it, it is admitted at `minShare` until the
 * next sample. Admission is spread evenly (a share of ½ admits every other request), so the
 * result is deterministic.
 */
export function createShedder({
  window = 2,
  targetMs = 100,
  minCpuShare = 0.6,
  minArrivals = 32,
  minShare = 0.02,
  recovery = 0.005,
} = {}) {
  const lags = [];
  const busy = [];
  const arrivals = [];
  let arrived = 0;
  let share = 1;
  let credit = 0;
  return {
    get share() {
      return share;
    },
    /**
     * One sample: how late the timer fired (ms) and the share of the sample's wall time the
     * process spent on a CPU (1 when unknown). Closes the window of arrivals since the last one.
     */
    sample(lagMs, cpuShare = 1) {
      lags.push(lagMs);
      busy.push(cpuShare >= minCpuShare);
      arrivals.push(arrived);
      arrived = 0;
      if (lags.length > window) {
        lags.shift();
        busy.shift();
        arrivals.shift();
      }
      const crowded = arrivals.reduce((sum, count) => sum + count, 0) >= minArrivals;
      const late = lags.every((lag) => lag > targetMs) && busy.every(Boolean);
      const standing = lags.length === window && crowded && late;
      share = standing ? Math.max(minShare, share / 2) : Math.min(1, share + recovery);
      if (share === 1) credit = 0;
    },
    /**
     * Whether the next sheddable request may go on (each one counts as an arrival).
     * `overdueMs` is how late the next sample already is; `readCpuShare` the CPU share since the
     * last sample (read only when the sample is overdue).
     */
    admit({ overdueMs = 0, readCpuShare = () => 1 } = {}) {
      arrived++;
      const overdue = overdueMs > targetMs && arrived >= minArrivals && readCpuShare() >= minCpuShare;
      const now = overdue ? Math.min(share, minShare) : share;
      if (now >= 1) return true;
      credit += now;
      if (credit < 1 - 1e-9) return false; // a share of 0.1 ten times is 0.999…
      credit -= 1;
      return true;
    },
  };
}
