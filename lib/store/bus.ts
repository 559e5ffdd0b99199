import "server-only";
import type { TraceEvent } from "@/lib/trace/events";

type Listener = (event: TraceEvent) => void;
/** A listener to every session's events; `elsewhere` when another instance appended the event. */
type EveryListener = (event: TraceEvent, elsewhere: boolean) => void;

/** In-process publish/subscribe of appended events, per session. Events are published only after they are written. */
export class EventBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Listeners to every session's events (the live OTLP export). */
  private readonly everyEvent = new Set<EveryListener>();

  subscribe(sessionId: string, listener: Listener): () => void {
    let set = this.listeners.get(sessionId);
    if (!set) this.listeners.set(sessionId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(sessionId);
    };
  }

  /** Listens to the events of every session, present and future, and says which were appended here. */
  subscribeAll(listener: EveryListener): () => void {
    this.everyEvent.add(listener);
    return () => this.everyEvent.delete(listener);
  }

  /**
   * Delivers a written event to its listeners. `elsewhere`: another instance on a shared database
   * appended it, and this one only read it (lib/store/pg/store.ts).
   */
  publish(event: TraceEvent, { elsewhere = false }: { elsewhere?: boolean } = {}): void {
    const forSession = this.listeners.get(event.sessionId);
    if (forSession) for (const listener of forSession) deliver(listener, event, elsewhere);
    for (const listener of this.everyEvent) deliver(listener, event, elsewhere);
  }
}

function deliver(listener: EveryListener, event: TraceEvent, elsewhere: boolean): void {
  try {
    listener(event, elsewhere);
  } catch (error) {
    // A broken subscriber (a closed SSE stream) must not stop the run or other subscribers.
    console.error("toolscope: event listener failed", error);
  }
}
