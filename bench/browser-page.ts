/**
 * What the browser benchmark runs inside the page. Each function is serialized by Playwright, so
 * it uses nothing from outside its own body.
 *
 * "Painted" is measured as the time just after the frame that shows the change: a
 * `requestAnimationFrame` callback (before that frame's paint), then a `MessageChannel` message
 * (the first task after it). Times are `performance.now()`: ms since the navigation started.
 */

/** What the page records: the first transcript paint and the last timeline jump. */
export interface PageMarks {
  /** The first message card visible in the viewport, painted. */
  firstMessagePaint: number | null;
  /** The first painted frame in which every pane shows the cursor (the latest turn, on open). */
  latestTurnPaint: number | null;
  /** The last jump: its input event on the timeline → every pane showing the new cursor, painted, ms. */
  jumpMs: number | null;
  /** When the last jump's input event happened. */
  jumpStartedAt: number | null;
  /** Elements in the document, and in each pane, when the first message card was found visible. */
  domAtFirstPaint: Record<string, number> | null;
  /** Long tasks (≥ 50 ms) seen so far: their count and total duration. */
  longTasks: { count: number; totalMs: number };
}

type BenchWindow = Window & { __bench: PageMarks };

/** Installed before any page script: watches for the first visible message card. */
export function installPageMarks(): void {
  const w = window as unknown as BenchWindow;
  w.__bench = {
    firstMessagePaint: null,
    latestTurnPaint: null,
    jumpMs: null,
    jumpStartedAt: null,
    domAtFirstPaint: null,
    longTasks: { count: 0, totalMs: 0 },
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      w.__bench.longTasks.count += 1;
      w.__bench.longTasks.totalMs += entry.duration;
    }
  }).observe({ type: "longtask", buffered: true });
  const isVisible = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight;
  };
  let scheduled = false;
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      const cards = document.querySelectorAll('[data-testid="message"]');
      if (![...cards].some(isVisible)) return;
      observer.disconnect();
      const count = (selector: string) =>
        document.querySelector(selector)?.getElementsByTagName("*").length ?? 0;
      w.__bench.domAtFirstPaint = {
        document: document.getElementsByTagName("*").length,
        transcript: count('[data-testid="pane-transcript"]'),
        graph: count('[data-testid="pane-graph"]'),
        stream: count('[data-testid="pane-stream"]'),
        detail: count('[data-testid="pane-detail"]'),
        timeline: count('[data-testid="timeline"]'),
        messageCards: cards.length,
      };
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (w.__bench.firstMessagePaint = performance.now());
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
  // Timeline jumps, as a person makes them (a click on the track, End, PageUp on the cursor): from
  // the input event to the first painted frame in which every pane shows the new cursor — the
  // transcript pane's `data-seq` and the graph pane's `data-up-to` equal the cursor's
  // `aria-valuenow`, and a long transcript's last message (the cursor's moment) is in view.
  let watcher: MutationObserver | null = null;
  let check: (() => void) | null = null;
  const shows = (seq: string) => {
    const transcript = document.querySelector<HTMLElement>('[data-testid="transcript-scroll"]');
    const graph = document.querySelector<HTMLElement>('[data-testid="graph-pane"]');
    if (transcript?.dataset.seq !== seq || graph?.dataset.upTo !== seq) return false;
    const list = transcript.querySelector<HTMLElement>(".message-list.is-virtual");
    if (!list) return true;
    const last = list
      .querySelector(`li[data-index="${Number(list.dataset.count) - 1}"]`)
      ?.getBoundingClientRect();
    const pane = transcript.getBoundingClientRect();
    return last !== undefined && last.height > 0 && last.top < pane.bottom && last.bottom > pane.top;
  };
  const startJump = (event: Event) => {
    w.__bench.jumpStartedAt = event.timeStamp;
    w.__bench.jumpMs = null;
    watcher?.disconnect();
    let checking = false;
    check = () => {
      if (checking) return;
      checking = true;
      requestAnimationFrame(() => {
        checking = false;
        const seq = document.querySelector('[data-testid="timeline-cursor"]')?.getAttribute("aria-valuenow");
        if (w.__bench.jumpMs !== null || !seq || !shows(seq)) return;
        watcher?.disconnect();
        check = null;
        const started = w.__bench.jumpStartedAt!;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (w.__bench.jumpMs = performance.now() - started);
        channel.port2.postMessage(null);
      });
    };
    watcher = new MutationObserver(check);
    watcher.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  };
  // The open's latest turn: the first painted frame in which every pane shows the cursor.
  let latestScheduled = false;
  const checkLatest = () => {
    if (latestScheduled || w.__bench.latestTurnPaint !== null) return;
    latestScheduled = true;
    requestAnimationFrame(() => {
      latestScheduled = false;
      const seq = document.querySelector('[data-testid="timeline-cursor"]')?.getAttribute("aria-valuenow");
      if (w.__bench.latestTurnPaint !== null || !seq || !shows(seq)) return;
      latest.disconnect();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (w.__bench.latestTurnPaint = performance.now());
      channel.port2.postMessage(null);
    });
  };
  const latest = new MutationObserver(checkLatest);
  latest.observe(document, { childList: true, subtree: true, attributes: true });
  // A virtual list draws what scrolling brought into view on the scroll event, after a mutation.
  addEventListener(
    "scroll",
    () => {
      check?.();
      checkLatest();
    },
    { capture: true, passive: true },
  );
  addEventListener(
    "pointerdown",
    (event) => {
      if ((event.target as Element | null)?.closest('[data-testid="timeline"]')) startJump(event);
    },
    { capture: true },
  );
  addEventListener(
    "keydown",
    (event) => {
      if ((event.target as Element | null)?.closest('[data-testid="timeline-cursor"]')) startJump(event);
    },
    { capture: true },
  );
}

/** The marks so far. */
export function readPageMarks(): PageMarks {
  const { firstMessagePaint, latestTurnPaint, jumpMs, jumpStartedAt, domAtFirstPaint, longTasks } = (
    window as unknown as BenchWindow
  ).__bench;
  return { firstMessagePaint, latestTurnPaint, jumpMs, jumpStartedAt, domAtFirstPaint, longTasks };
}

/** How the session's JSON came in: its size, and when it was asked for, began and ended (ms since navigation). */
export function readSessionFetch(): {
  startTime: number;
  responseStart: number;
  responseEnd: number;
  encodedBytes: number;
  decodedBytes: number;
  requests: number;
  /** Each request's start, first byte and last byte, ms after navigation start, in start order. */
  pages: [number, number, number][];
} | null {
  // The log is read in pages: the session's GET, then `/events?limit=` pages (none for a short log).
  const entries = performance.getEntriesByType("resource").filter((resource) => {
    const url = new URL(resource.name);
    return (
      /\/api\/sessions\/[^/]+$/.test(url.pathname) ||
      (/\/api\/sessions\/[^/]+\/events$/.test(url.pathname) && url.searchParams.has("limit"))
    );
  }) as PerformanceResourceTiming[];
  if (entries.length === 0) return null;
  return {
    startTime: Math.min(...entries.map((entry) => entry.startTime)),
    responseStart: Math.min(...entries.map((entry) => entry.responseStart)),
    responseEnd: Math.max(...entries.map((entry) => entry.responseEnd)),
    encodedBytes: entries.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
    decodedBytes: entries.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
    requests: entries.length,
    pages: entries
      .map((entry): [number, number, number] => [entry.startTime, entry.responseStart, entry.responseEnd])
      .map((times) => times.map(Math.round) as [number, number, number])
      .sort((a, b) => a[0] - b[0]),
  };
}
