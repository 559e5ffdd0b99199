import "server-only";
import type { TraceEvent } from "@/lib/trace/events";

type Listener = (event: TraceEvent) => void;

/** In-process publish/subscribe of appended events, per session. Events are published only after they are written. */
export class EventBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Listeners to every session's events (the live OTLP export). */
  private readonly everyEvent = new Set<Listener>();

  subscribe(sessionId: string, listener: Listener): () => void {
    let set = this.listeners.get(sessionId);
    if (!set) this.listeners.set(sessionId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(sessionId);
    };
  }

  /** Listens to the events of every session, present and future. */
  subscribeAll(listener: Listener): () => void {
    this.everyEvent.add(listener);
    return () => this.everyEvent.delete(listener);
  }

  publish(event: TraceEvent): void {
    const forSession = this.listeners.get(event.sessionId);
    if (forSession) for (const listener of forSession) deliver(listener, event);
    for (const listener of this.everyEvent) deliver(listener, event);
  }
}

function deliver(listener: Listener, event: TraceEvent): void {
  try {
    listener(event);
  } catch (error) {
    // A broken subscriber (a closed SSE stream) must not stop the run or other subscribers.
    console.error("toolscope: event listener failed", error);
  }
}
