// The client side of `npm run load`: JSON API calls that count every failure and time every
// request, and one event stream per session that checks each event as it arrives.
import { createParser } from "eventsource-parser";

/** Request counters shared by every worker. */
export function createStats() {
  return {
    requests: 0,
    latencies: [],
    byRoute: {},
    failures: [],
    relayLags: [],
    events: 0,
    violations: [],
    busyRetries: 0,
  };
}

/** A route with its ids replaced by `:id`, to group latencies. */
function routePattern(route) {
  return route.replace(/\/(ses|call|toolu)_[^/?]+/g, "/:id").replace(/\?.*$/, "");
}

/** The JSON of a response body, or null when it is empty or not JSON (a 404 page). */
function readJson(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** How often a call the server turned away as busy (503 with Retry-After) is sent again. */
const BUSY_RETRIES = 10;

/**
 * A JSON API call with the bearer token. A status outside `ok` (or a network error) is a failed
 * request, recorded in `stats.failures`; the answer is returned either way. A busy answer (503 with
 * `Retry-After`, docs/api.md "Busy") is sent again after the wait it names, as the app's pages do,
 * unless `ok` accepts 503 (the flood case counts those itself); each retry is counted in
 * `stats.busyRetries` and its wait is part of the call's latency.
 */
export async function callApi(server, stats, method, route, { body, ok = [200, 201, 202] } = {}) {
  const started = performance.now();
  stats.requests++;
  try {
    let response;
    for (let attempt = 0; ; attempt++) {
      response = await fetch(`${server.origin}${route}`, {
        method,
        headers: {
          Authorization: `Bearer ${server.token}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const retryAfter = Number(response.headers.get("retry-after"));
      if (response.status !== 503 || ok.includes(503) || !(retryAfter > 0) || attempt >= BUSY_RETRIES) break;
      await response.arrayBuffer();
      stats.busyRetries++;
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    }
    const text = await response.text();
    const ms = performance.now() - started;
    stats.latencies.push(ms);
    const key = `${method} ${routePattern(route)}`;
    (stats.byRoute[key] ??= []).push(ms);
    if (!ok.includes(response.status))
      stats.failures.push(`${method} ${route} → ${response.status} ${text.slice(0, 200)}`);
    return { status: response.status, json: readJson(text) };
  } catch (error) {
    stats.failures.push(`${method} ${route} → ${error instanceof Error ? error.message : error}`);
    return { status: 0, json: null };
  }
}

/**
 * Opens `GET /api/sessions/:id/events` and checks every message as it comes: its event belongs
 * to this session (`sessionId`), its seq is the next one (no gap, no duplicate), its `id:` line
 * is its seq. Problems go to `stats.violations`. `waitFor(match)` resolves with the first event
 * (received or to come) that matches.
 */
export async function openSessionStream(server, stats, sessionId) {
  const controller = new AbortController();
  const response = await fetch(`${server.origin}/api/sessions/${sessionId}/events`, {
    headers: { Authorization: `Bearer ${server.token}`, Accept: "text/event-stream" },
    signal: controller.signal,
  });
  stats.requests++;
  if (response.status !== 200 || !response.body) {
    stats.failures.push(`GET events of ${sessionId} → ${response.status}`);
    throw new Error(`the event stream of ${sessionId} answered ${response.status}`);
  }
  const received = [];
  const waiters = [];
  const parser = createParser({
    onEvent(message) {
      const event = JSON.parse(message.data);
      const now = Date.now();
      if (event.sessionId !== sessionId)
        stats.violations.push(`${sessionId} received event ${event.seq} of session ${event.sessionId}`);
      if (event.seq !== received.length)
        stats.violations.push(`${sessionId} expected seq ${received.length}, received ${event.seq}`);
      if (message.id !== String(event.seq))
        stats.violations.push(`${sessionId}: id line ${message.id} on seq ${event.seq}`);
      received.push(event);
      stats.events++;
      stats.relayLags.push(now - event.at);
      for (const waiter of [...waiters]) {
        if (!waiter.match(event)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      // Closed by us.
    }
  })();
  return {
    received,
    waitFor(match) {
      const found = received.find(match);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => controller.abort(),
  };
}

/** The p-th percentile (0–100) of `values`, or 0 when there are none. */
export function readPercentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
