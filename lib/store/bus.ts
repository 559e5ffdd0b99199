import "server-only";
import type { TraceEvent } from "@/lib/trace/events";

type Listener = (event: TraceEvent) => void;

/** In-process publish/subscribe of appended events, per session. Events are published only after they are written. */
export class EventBus {
  private readonly listeners = new Map<string, Set<Listener>>();

  subscribe(sessionId: string, listener: Listener): () => void {
    let set = this.listeners.get(sessionId);
    if (!set) this.listeners.set(sessionId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(sessionId);
    };
  }

  publish(event: TraceEvent): void {
    for (const listener of this.listeners.get(event.sessionId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        // A broken subscriber (a closed SSE stream) must not stop the run or other subscribers.
        console.error("toolscope: event listener failed", error);
      }
    }
  }
}
